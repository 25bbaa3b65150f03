import { Alert, Button, Card, Group, Image, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { FILE_CONNECTOR_KINDS } from '@strata/contracts/connector-kinds';
import { LINKED_PROVIDER_MESSAGES } from '@strata/contracts/linked-providers';
import { IconBuildingBank, IconFileImport, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { modals } from '../../../shared/modals/modal-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { fetchAuthorizationUrl } from '../api/authorizations.ts';
import { type TProviderInfo, useProviders } from '../api/providers.ts';
import { openImportStatement } from '../components/import-statement-dialog.tsx';
import { PROVIDER_DESCRIPTIONS } from '../provider-link.ts';
import { openArchLink } from './arch-link.tsx';
import { openGocardlessLink } from './gocardless-link.tsx';
import { openKrakenLink } from './kraken-link.tsx';
import { startPlaidLink } from './plaid-link.tsx';
import { openSimplefinLink } from './simplefin-link.tsx';

/** The providers whose link flow this web build has; another one the server lists cannot be picked here. */
const WEB_FLOWS = new Set(['plaid', 'simplefin', 'gocardless', 'kraken', 'arch', 'cap_table']);

function ProviderChoice({
  provider,
  isBusy,
  onConnect,
}: {
  provider: TProviderInfo;
  isBusy: boolean;
  onConnect: () => void;
}) {
  const hasFlow = WEB_FLOWS.has(provider.id);
  const canConnect = provider.available && hasFlow;
  return (
    <Card withBorder padding="sm" component="section" aria-label={provider.name}>
      <Stack gap={6} h="100%" justify="space-between">
        {/* A logo is a wordmark (wider than tall, the name in it): drawn whole at its proportions, in place of
            the name. */}
        {provider.logo ? (
          <Image
            src={provider.logo}
            alt={provider.name}
            h={24}
            w="auto"
            maw={140}
            fit="contain"
            style={{ objectPosition: 'left center', alignSelf: 'flex-start' }}
          />
        ) : (
          <Group gap="xs" wrap="nowrap">
            <IconBuildingBank size={22} aria-hidden />
            <Text fw={600}>{provider.name}</Text>
          </Group>
        )}
        <Text size="xs" c="dimmed">
          {!provider.available
            ? LINKED_PROVIDER_MESSAGES.NOT_AVAILABLE
            : hasFlow
              ? (PROVIDER_DESCRIPTIONS[provider.id] ?? 'Link accounts through this provider')
              : 'Linked through the API (docs/connectors.md); not from this screen yet'}
        </Text>
        <Button
          size="xs"
          variant={canConnect ? 'filled' : 'default'}
          disabled={!canConnect}
          loading={isBusy}
          onClick={onConnect}
          aria-label={`Connect ${provider.name}`}
        >
          {canConnect ? 'Connect' : 'Not available'}
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * 'Connect' (linked seed §1, §2): the kinds of connector this server offers — the six live providers of
 * `GET linked_data/providers` in contracts' order (a provider that is not configured shows 'Connector not
 * available' and cannot be picked) and the two file kinds (contracts' FILE_CONNECTOR_KINDS).
 */
export function ConnectChooser({ repositoryId, onClose }: { repositoryId: string; onClose: () => void }) {
  const providers = useProviders();
  const [busy, setBusy] = useState<string | null>(null);

  const connect = async (provider: TProviderInfo) => {
    if (provider.id === 'simplefin') {
      onClose();
      openSimplefinLink(repositoryId);
      return;
    }
    if (provider.id === 'gocardless') {
      onClose();
      openGocardlessLink(repositoryId);
      return;
    }
    if (provider.id === 'kraken') {
      onClose();
      openKrakenLink(repositoryId);
      return;
    }
    if (provider.id === 'arch') {
      onClose();
      openArchLink(repositoryId);
      return;
    }
    if (provider.id === 'cap_table') {
      // OAuth: the consent is asked on the provider's own pages, which send the browser to the callback page.
      setBusy(provider.id);
      try {
        const { url } = await fetchAuthorizationUrl('cap_table', { repository_id: repositoryId });
        window.location.assign(url);
      } catch (error) {
        notifyError(error);
        setBusy(null);
      }
      return;
    }
    if (provider.id === 'plaid') {
      setBusy(provider.id);
      // Plaid Link draws its own overlay: the chooser goes as it opens, so its focus trap lets the keyboard go.
      await startPlaidLink({ repositoryId, onOpening: onClose });
      setBusy(null);
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        Link an institution's accounts: their transactions arrive in this repository's linked lists and stay
        in sync.
      </Text>
      {providers.isPending && <Loader size="sm" aria-label="Loading connector kinds" />}
      {providers.error && (
        <Alert color="red" title="The connector kinds could not be loaded">
          {providers.error.message}
        </Alert>
      )}
      {providers.data && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" aria-label="Live connectors">
          {providers.data.map((provider) => (
            <ProviderChoice
              key={provider.id}
              provider={provider}
              isBusy={busy === provider.id}
              onConnect={() => void connect(provider)}
            />
          ))}
        </SimpleGrid>
      )}
      <Text size="sm" fw={600}>
        From a file
      </Text>
      <Group gap="xs">
        {FILE_CONNECTOR_KINDS.map((kind) => (
          <Button
            key={kind.mode}
            variant="default"
            size="xs"
            leftSection={kind.mode === 'ofx' ? <IconUpload size={14} /> : <IconFileImport size={14} />}
            onClick={() => {
              onClose();
              openImportStatement({ repositoryId, mode: kind.mode });
            }}
          >
            {kind.name}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

export function openConnectChooser(repositoryId: string): void {
  modals.open({
    id: 'connect-chooser',
    kind: 'dialog',
    size: 'lg',
    title: 'Connect an account',
    render: ({ close }) => <ConnectChooser repositoryId={repositoryId} onClose={() => void close()} />,
  });
}
