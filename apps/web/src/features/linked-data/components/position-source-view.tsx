import { useLinkedPositionSource } from '../api/linked-positions.ts';
import { JsonSourceBody, openJsonSourcePanel } from './source-view.tsx';

/** The position's JSON source as the statement gave it (`GET linked_data/positions/{id}`); seed §2, §8 texts. */
export function PositionSourceView({
  positionId,
  repositoryId,
}: {
  positionId: string;
  repositoryId: string;
}) {
  return <JsonSourceBody source={useLinkedPositionSource(positionId, repositoryId)} />;
}

/** Opens the 'JSON data' side panel for a position (one at a time: another row replaces it). */
export function openPositionSourceView(positionId: string, repositoryId: string): void {
  openJsonSourcePanel('linked-position-source-view', () => (
    <PositionSourceView key={positionId} positionId={positionId} repositoryId={repositoryId} />
  ));
}
