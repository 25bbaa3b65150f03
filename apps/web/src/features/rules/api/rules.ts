import {
  getLinkedTransaction,
  linkedTransactionOptions,
  listLinkedTransactions,
  listLinkedTransactionTags,
} from '@strata/contracts/linked-transactions';
import {
  applyRule as applyRuleEndpoint,
  createRule as createRuleEndpoint,
  deleteRule as deleteRuleEndpoint,
  disableRule,
  enableRule,
  listRules,
  previewRuleTransactions,
  reorderRule as reorderRuleEndpoint,
  type TApplyRuleBody,
  type TCreateRuleBody,
  type TPreviewRulesBody,
  type TUpdateRuleBody,
  updateRule as updateRuleEndpoint,
} from '@strata/contracts/rules';
import type { TLinkedOptionField } from '@strata/core/linked-data/linked-transaction-fields';
import type { TRuleType } from '@strata/core/rules/rule-model';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';
import { repositoryScopedKey } from '../../../shared/api/repository-query-keys.ts';
import type { TLoadFilterOptions } from '../../../shared/data-list/api/filter-options.ts';

export const rulesKey = (repositoryId: string, ...parts: unknown[]) =>
  repositoryScopedKey(repositoryId, 'rules', ...parts);

export function useRules(repositoryId: string | undefined, type: TRuleType) {
  return useQuery({
    queryKey: rulesKey(repositoryId ?? 'none', type),
    queryFn: ({ signal }) =>
      callEndpoint(listRules, { signal, query: { repository_id: repositoryId, type } }),
    enabled: Boolean(repositoryId),
  });
}

/** The preview of a rule's data, by page; nothing is written. */
export function useRulePreview(body: TPreviewRulesBody | null) {
  return useQuery({
    queryKey: rulesKey(body?.repository_id ?? 'none', 'preview', body),
    queryFn: ({ signal }) =>
      callEndpoint(previewRuleTransactions, { signal, body: body as TPreviewRulesBody }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
}

export const createRule = (body: TCreateRuleBody) => callEndpoint(createRuleEndpoint, { body });
export const updateRule = (id: string, body: TUpdateRuleBody) =>
  callEndpoint(updateRuleEndpoint, { params: { id }, body });
export const deleteRule = (id: string) => callEndpoint(deleteRuleEndpoint, { params: { id } });
export const reorderRule = (id: string, order: number) =>
  callEndpoint(reorderRuleEndpoint, { params: { id }, body: { order } });
export const setRuleEnabled = (id: string, enabled: boolean) =>
  callEndpoint(enabled ? enableRule : disableRule, { params: { id } });
export const applyRule = (body: TApplyRuleBody) => callEndpoint(applyRuleEndpoint, { body });

/**
 * A linked transaction's source, for the JSON modal: the given one (a rule made from a row), else the
 * repository's newest; null when the repository has none.
 */
export async function fetchSampleSource(
  repositoryId: string,
  linkedTransactionId?: string,
): Promise<unknown> {
  let id = linkedTransactionId;
  if (!id) {
    const page = await callEndpoint(listLinkedTransactions, {
      query: { repository_id: repositoryId, page_size: 1, page_no: 1 },
    });
    id = page.data[0]?.id;
  }
  if (!id) return null;
  return (await callEndpoint(getLinkedTransaction, { params: { id } })).source;
}

/** The repository's linked-transaction tags, for the 'add tag' action (the system tag 'exclude' first). */
export function useLinkedTags(repositoryId: string) {
  return useQuery({
    queryKey: repositoryScopedKey(repositoryId, 'linked-transaction-tags'),
    queryFn: ({ signal }) =>
      callEndpoint(listLinkedTransactionTags, { signal, query: { repository_id: repositoryId } }),
  });
}

/** Criteria whose values are names or codes, and the options field listing them. */
const OPTION_FIELD_OF: Readonly<Record<string, TLinkedOptionField>> = {
  connector: 'connector_name',
  access_method: 'access_method',
  account_type: 'account_type',
  account_name: 'account_name',
  account_number: 'account_number',
  category: 'category',
  subcategory: 'subcategory',
  status: 'status',
  transaction_type: 'type',
};

/** Loads a criterion's values (autocomplete for equals / does not equal on names), cached per field. */
export function criteriaOptionsLoader(queryClient: QueryClient, repositoryId: string): TLoadFilterOptions {
  return (field, signal) => {
    const optionField = OPTION_FIELD_OF[field];
    if (!optionField) return Promise.resolve([]);
    return queryClient.fetchQuery({
      queryKey: repositoryScopedKey(repositoryId, 'linked-options', optionField),
      queryFn: () =>
        callEndpoint(linkedTransactionOptions, {
          signal,
          query: { repository_id: repositoryId, field: optionField },
        }),
      staleTime: 60_000,
    });
  };
}
