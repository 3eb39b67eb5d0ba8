import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ContractSchema,
  ContractUploadFieldsSchema,
} from '../../../../shared/contracts/contract.schema';
import { apiUpload } from '../../../lib/api-client';
import { refreshAfterContractChange } from './contract-cache';

export type ContractUpload = z.input<typeof ContractUploadFieldsSchema> & { document: File };

/**
 * POST /api/v1/contracts/upload/ (multipart): a contract signed outside the app, with the date
 * it was signed and who signed it; with `contract`, an amendment to that contract.
 */
export function uploadContract({ document, ...fields }: ContractUpload) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== '') body.append(key, String(value));
  }
  body.append('document', document, document.name);
  return apiUpload(ContractSchema, '/api/v1/contracts/upload/', { body });
}

export function useUploadContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadContract,
    onSuccess: (contract) => refreshAfterContractChange(queryClient, contract),
  });
}
