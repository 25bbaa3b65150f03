export { chatRoutes } from './chat.routes.ts';
export { chatConfigOf, type TChatConfig } from './chat-config.ts';
