// The public entry of this feature: what other features may use. Everything else is its own business.
export { useAssistantStatus } from './api/get-assistant-status.ts';
export { AssistantPanel } from './components/assistant-panel.tsx';
