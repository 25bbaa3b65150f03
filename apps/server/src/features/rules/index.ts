// The rules feature's public entry: what other features may use of it.

export { rulesRoutes } from './rules.routes.ts';
export { runRulesOnImported } from './rules-apply.ts';
