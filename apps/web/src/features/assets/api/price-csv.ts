import { importPriceCsv, previewPriceCsv, type TPriceCsvBody } from '@strata/contracts/asset-prices';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';

export function previewPrices(body: TPriceCsvBody) {
  return callEndpoint(previewPriceCsv, { body });
}

export function importPrices(body: TPriceCsvBody) {
  return callEndpoint(importPriceCsv, { body });
}
