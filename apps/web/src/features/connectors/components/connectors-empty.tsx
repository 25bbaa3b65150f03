import { Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconFileImport, IconPlugConnected, IconUpload } from '@tabler/icons-react';
import { openConnect } from '../link/connect-entry.ts';
import { openImportStatement } from './open-dialogs.ts';

/** Linked seed §1: the kinds of connector; 'Connect' says which providers this server has configured. */
const KINDS: { name: string; description: string; isAvailable: boolean }[] = [
  {
    name: 'OFX or QFX file',
    description: 'a statement downloaded from your bank or broker',
    isAvailable: true,
  },
  { name: 'Manual file loader', description: 'OFX, QFX, QIF or a bank CSV mapped once', isAvailable: true },
  {
    name: 'Banks and brokerages',
    description: 'through an aggregator (Plaid, SimpleFIN) when this server is set up for one',
    isAvailable: true,
  },
  { name: 'Cap table', description: 'a cap-table provider', isAvailable: false },
  { name: 'Crypto exchange', description: 'an exchange account', isAvailable: false },
];

/** The no-data view of /connectors (seed §2): what linking does, the kinds available, a primary action. */
export function ConnectorsEmpty({ repositoryId, canWrite }: { repositoryId: string; canWrite: boolean }) {
  return (
    <Card withBorder padding="lg" maw={720}>
      <Stack gap="md">
        <Title order={2} size="h3">
          Link your accounts
        </Title>
        <Text>
          A connector brings an institution's accounts and their transactions into this repository, so your
          statements go in without retyping. Linked transactions land in their own list, where you search,
          sort and tag them before they become smart transactions.
        </Text>
        <List spacing={6} size="sm" aria-label="Kinds of connector">
          {KINDS.map((kind) => (
            <List.Item key={kind.name}>
              <Group gap={6} wrap="wrap">
                <Text span fw={500} size="sm">
                  {kind.name}
                </Text>
                <Text span size="sm" c="dimmed">
                  — {kind.description}
                </Text>
                {!kind.isAvailable && (
                  <Badge size="xs" variant="light" color="gray">
                    Not available yet
                  </Badge>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
        {canWrite ? (
          <Group>
            <Button leftSection={<IconPlugConnected size={16} />} onClick={() => openConnect(repositoryId)}>
              Connect
            </Button>
            <Button
              variant="default"
              leftSection={<IconUpload size={16} />}
              onClick={() => openImportStatement({ repositoryId, mode: 'ofx' })}
            >
              Import OFX/QFX file
            </Button>
            <Button
              variant="default"
              leftSection={<IconFileImport size={16} />}
              onClick={() => openImportStatement({ repositoryId, mode: 'manual' })}
            >
              Load a file
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            This repository is read-only for you: its owner links the accounts.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
