// The asset's prices. Apart from assets.ts: the app shell's asset tree loads that module on every page, and
// each contract a module imports comes with it (docs/benchmarks.md, issue 23).
import {
  createAssetPrice,
  deleteAssetPrice,
  listAssetPrices,
  type TCreateAssetPriceBody,
  type TUpdateAssetPriceBody,
  updateAssetPrice,
} from '@strata/contracts/asset-prices';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';
import { repositoryScopedKey } from '../../../shared/api/repository-query-keys.ts';

export const pricesKey = (repositoryId: string, assetId: string) =>
  repositoryScopedKey(repositoryId, 'asset-prices', assetId);

export function useAssetPrices(repositoryId: string | undefined, assetId: string | undefined) {
  return useQuery({
    queryKey: pricesKey(repositoryId ?? 'none', assetId ?? 'none'),
    queryFn: ({ signal }) => callEndpoint(listAssetPrices, { signal, query: { asset_id: assetId } }),
    enabled: Boolean(repositoryId && assetId),
  });
}

export function createPrice(body: TCreateAssetPriceBody) {
  return callEndpoint(createAssetPrice, { body });
}

export function updatePrice(id: string, body: TUpdateAssetPriceBody) {
  return callEndpoint(updateAssetPrice, { params: { id }, body });
}

export function deletePrice(id: string) {
  return callEndpoint(deleteAssetPrice, { params: { id } });
}
