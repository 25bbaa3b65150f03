// The public entry of this feature: what other features may use. Everything else is its own business.
export { ChatWidget } from './components/chat-widget.tsx';
