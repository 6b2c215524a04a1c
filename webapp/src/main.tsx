import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { FirstViewGate } from './lib/first-view';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first render is a transition: React renders the app in slices and lets the browser
// breathe between them (one long task would block taps while the page starts).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <FirstViewGate />
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  );
});
