import { getLinkedTransaction, listLinkedTransactions } from '@strata/contracts/linked-transactions';
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
import type { TRuleType } from '@strata/core/rules/rule-model';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';
import { repositoryScopedKey } from '../../../shared/api/repository-query-keys.ts';

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
