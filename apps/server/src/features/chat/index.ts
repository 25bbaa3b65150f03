export { chatRoutes } from './chat.routes.ts';
export { chatConfigOf, chatOrigins, type TChatConfig } from './chat-config.ts';
