// Types of the plugin's `virtual:pwa-register` module.
/// <reference types="vite-plugin-pwa/client" />
