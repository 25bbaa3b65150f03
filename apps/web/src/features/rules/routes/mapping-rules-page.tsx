import { RulesPage } from './rules-page.tsx';

export function Component() {
  return <RulesPage type="mapping_to_smart_transaction" title="Mapping rules" />;
}
