import { RulesPage } from './rules-page.tsx';

export function Component() {
  return <RulesPage type="tagging" title="Tagging rules" />;
}
