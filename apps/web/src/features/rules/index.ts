// The rules feature's public entry: the linked-transactions grid opens the rule dialog prefilled from a row.
export { openRuleDialog, type TRuleDialogOptions } from './components/rule-dialog.tsx';
