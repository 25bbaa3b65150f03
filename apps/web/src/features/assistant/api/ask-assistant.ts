import { askAssistant as endpoint, type TAssistantTurn } from '@strata/contracts/assistant';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';

/** `POST /api/repositories/:id/assistant`: the whole conversation so far, ending with the new question. */
export function useAskAssistant(repositoryId: string) {
  return useMutation({
    mutationFn: (messages: TAssistantTurn[]) =>
      callEndpoint(endpoint, { params: { id: repositoryId }, body: { messages } }),
  });
}
