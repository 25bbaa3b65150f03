// The public entry of this feature: what other features may use. Everything else is its own business.
export { ContactList } from './components/contact-list.tsx';
