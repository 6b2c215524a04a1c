import { POLICY_DOCUMENTS, type PolicyKey } from '../content/policies';
import type { StaticPageKey } from '../static-pages';
import { ContactPage } from './contact-page';
import { FaqPage } from './faq-page';
import { PolicyPage } from './policy-page';

function isPolicy(page: StaticPageKey): page is PolicyKey {
  return page in POLICY_DOCUMENTS;
}

/** Every information page of spec §2, by path: policies, the FAQ and the contact form. */
export default function StaticPage({ page }: { page: StaticPageKey }) {
  if (page === 'faq') return <FaqPage />;
  if (page === 'contact') return <ContactPage />;
  if (isPolicy(page)) return <PolicyPage page={page} document={POLICY_DOCUMENTS[page]} />;
  return null;
}
