// /account and everything under it: the customer account (its sub-pages are client routes).
import { AccountPage } from '../features/account/components/account-page.tsx';

export function AccountRoute() {
  return <AccountPage />;
}
