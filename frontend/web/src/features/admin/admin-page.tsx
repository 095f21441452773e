import { PlaceholderPage } from '@/components/layout/placeholder-page';

/** /admin — the admin area; built in a later milestone. */
export function AdminPage() {
  return <PlaceholderPage heading="Admin Panel" />;
}
