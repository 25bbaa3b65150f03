import type { TSort } from '@strata/core/filters/sort-model';
import { useState } from 'react';
import { useParams } from 'react-router';
import { LinkedPositionsGrid } from '../../linked-data/index.ts';
import { useCurrentRepository } from '../../repositories/index.ts';
import { NoRepository } from '../components/no-repository.tsx';

const DEFAULT_SORT: TSort = [{ field: 'as_of_date', sortDirection: 'descending' }];

/**
 * The linked account's Positions tab (linked seed §2): its positions without the connector and account columns.
 * A sync event in the URL does not narrow them: a position is the holding as of its statement's date, replaced
 * by the next statement for that date, not a row a sync event added.
 */
export function LinkedAccountPositionsTab() {
  const { accountId = '' } = useParams();
  const { repository } = useCurrentRepository();
  const [sort, setSort] = useState<TSort>(DEFAULT_SORT);
  if (!repository) return <NoRepository title="Positions" level={2} />;
  return (
    <LinkedPositionsGrid
      key={`${repository.id}:${accountId}`}
      repositoryId={repository.id}
      view="account"
      linkedAccountId={accountId}
      sort={sort}
      onSortChange={setSort}
      height="calc(100vh - 320px)"
    />
  );
}
