import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until this page is built. */
export default function MessagesPage() {
  return (
    <ComingSoon
      title="Messages"
      description="Chat with buyers and sellers in real time, and answer offers from the thread."
    />
  );
}
