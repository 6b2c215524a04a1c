import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test-utils/render';
import { SOCIAL_LINKS } from './footer-links';
import { SiteFooter } from './site-footer';

describe('SiteFooter', () => {
  it('says that its social links open a new tab, and keeps them from reaching back', () => {
    renderRoutes([{ path: '/', element: <SiteFooter /> }], '/');
    for (const { label } of SOCIAL_LINKS) {
      const link = screen.getByRole('link', { name: `${label} (opens in a new tab)` });
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });
});
