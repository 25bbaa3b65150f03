import { Button } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { repositoryScopedKey } from '../../../../shared/api/repository-query-keys.ts';
import { PriceCsvDialog } from './price-csv-dialog.tsx';

/**
 * 'Load prices' on the Assets and Currencies lists: one CSV file with a ticker (or asset) column holds the
 * prices of several assets at once. Every asset's prices are read again after an import.
 */
export function LoadPricesButton({ repositoryId }: { repositoryId: string }) {
  const queryClient = useQueryClient();
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setOpen(true)}>
        Load prices
      </Button>
      <PriceCsvDialog
        opened={isOpen}
        onClose={() => setOpen(false)}
        repositoryId={repositoryId}
        onImported={() =>
          queryClient.invalidateQueries({ queryKey: repositoryScopedKey(repositoryId, 'asset-prices') })
        }
      />
    </>
  );
}
