import { Button, Checkbox, Code, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import type { TSecuritySearchResult } from '@strata/contracts/market-data';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import {
  linkSecurity,
  secMasterKey,
  unlinkSecurity,
  useSecMaster,
  useSecuritySearch,
} from '../api/security-master.ts';
import { useAfterAssetSaved } from './asset-drawer.tsx';
import { useAssetDrawer } from './asset-drawer-context.ts';
import { SecurityEvents } from './security-events.tsx';

type TChange = 'name' | 'type' | 'ticker';

const CHANGE_LABELS: Record<TChange, string> = { name: 'Name', type: 'Type', ticker: 'Ticker' };

/**
 * Security master (core seed §4): search a symbol (500 ms after typing stops), pick one, save. If the pick
 * would change the asset's type, name or ticker, 'Warning of changes' lets the user tick which to apply.
 * Reset unlinks the security.
 */
export function SecurityMasterLink() {
  const { asset, repositoryId, canWrite, kind } = useAssetDrawer();
  const queryClient = useQueryClient();
  const afterSaved = useAfterAssetSaved(kind);
  const info = useSecMaster(repositoryId, asset?.id);
  const [text, setText] = useState('');
  const search = useSecuritySearch(text);
  const [picked, setPicked] = useState<TSecuritySearchResult | null>(null);
  const [warning, setWarning] = useState<Record<TChange, boolean> | null>(null);
  const [isSaving, setSaving] = useState(false);
  if (!asset) return null;

  const differences = (pick: TSecuritySearchResult): TChange[] => {
    const proposed: Record<TChange, string | null> = {
      name: pick.name,
      type: pick.type,
      ticker: pick.ticker ?? pick.code,
    };
    return (Object.keys(proposed) as TChange[]).filter(
      (field) => proposed[field] !== null && proposed[field] !== (asset[field] ?? null),
    );
  };

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: secMasterKey(repositoryId ?? '', asset.id) });
  };

  const save = async (apply: Record<TChange, boolean>) => {
    if (!picked) return;
    setSaving(true);
    try {
      const linked = await linkSecurity(asset.id, { symbol: picked.code, provider: picked.provider, apply });
      notifications.success(`${linked.asset.name} linked to ${linked.security_info.symbol}`);
      setWarning(null);
      setPicked(null);
      setText('');
      await refresh();
      await afterSaved(linked.asset, false);
    } catch (error) {
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };

  const onSave = () => {
    if (!picked) return;
    const changes = differences(picked);
    if (changes.length === 0) return void save({ name: false, type: false, ticker: false });
    setWarning({
      name: changes.includes('name'),
      type: changes.includes('type'),
      ticker: changes.includes('ticker'),
    });
  };

  const reset = async () => {
    setSaving(true);
    try {
      const saved = await unlinkSecurity(asset.id);
      notifications.success(`${saved.name} unlinked from the security master`);
      await refresh();
      await afterSaved(saved, false);
    } catch (error) {
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };

  const securityInfo = info.data?.security_info ?? null;
  const changes = picked ? differences(picked) : [];

  return (
    <Stack gap="xs">
      {canWrite && (
        <>
          <TextInput
            label="Symbol"
            placeholder="Search a symbol, e.g. AAPL"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
          {search.error && (
            <Text size="sm" c="red">
              {search.error}
            </Text>
          )}
          {search.results.length > 0 && (
            <Table aria-label="Security search results" fz="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Code</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Exchange</Table.Th>
                  <Table.Th>Currency</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {search.results.map((result) => (
                  <Table.Tr
                    key={`${result.provider}|${result.code}|${result.exchange}`}
                    onClick={() => setPicked(result)}
                    aria-selected={picked === result}
                    bg={picked === result ? 'var(--mantine-primary-color-light)' : undefined}
                    style={{ cursor: 'pointer' }}
                  >
                    <Table.Td>{result.name}</Table.Td>
                    <Table.Td>{result.code}</Table.Td>
                    <Table.Td>{result.type ?? '—'}</Table.Td>
                    <Table.Td>{result.exchange ?? '—'}</Table.Td>
                    <Table.Td>{result.currency ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Group>
            <Button onClick={onSave} disabled={!picked} loading={isSaving}>
              Save
            </Button>
            {asset.linked_security_id && (
              <Button variant="default" onClick={() => void reset()} loading={isSaving}>
                Reset
              </Button>
            )}
          </Group>
        </>
      )}
      {securityInfo && (
        <Code block aria-label="Security info">
          {JSON.stringify(securityInfo, null, 2)}
        </Code>
      )}
      <SecurityEvents events={info.data?.events ?? []} />
      <Modal opened={warning !== null} onClose={() => setWarning(null)} title="Warning of changes">
        <Stack gap="xs">
          <Text size="sm">Linking this security would change the asset. Tick the changes to apply.</Text>
          {changes.map((field) => (
            <Checkbox
              key={field}
              label={`${CHANGE_LABELS[field]}: ${String(asset[field] ?? '—')} → ${String(
                field === 'ticker' ? (picked?.ticker ?? picked?.code) : picked?.[field],
              )}`}
              checked={warning?.[field] ?? false}
              onChange={(event) => {
                const isChecked = event.currentTarget.checked;
                setWarning((previous) => (previous ? { ...previous, [field]: isChecked } : previous));
              }}
            />
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setWarning(null)}>
              Cancel
            </Button>
            <Button onClick={() => warning && void save(warning)} loading={isSaving}>
              Apply
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
