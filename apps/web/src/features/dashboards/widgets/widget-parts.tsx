// Pieces every widget uses: the frame (aria-label, data-testid and the raw numbers for e2e), and number
// cells that show '—' with the list of missing prices and rates as a tooltip instead of a made-up 0.
import { Box, Stack, Table, type TableProps, Text, type TextProps, Tooltip } from '@mantine/core';
import { createContext, type ReactNode, useContext } from 'react';
import { formatMoney, formatMultiple, formatPercent } from './number-format.ts';

/** How numbers are drawn: from the timeline (currency) and the widget's settings (precision). */
export interface TWidgetDisplay {
  /** The kind's code in kebab case ('value-table'): the root's data-testid is `widget-<code>`. */
  code: string;
  /** The widget's title (its kind's label when no title is set): also its aria-label. */
  label: string;
  /** The reporting currency of the analytics result. */
  currency: string;
  precision: number;
  /** 'Missing: ACME price from … to …' or null; the tooltip of every '—'. */
  missingNote: string | null;
}

export interface TWidgetViewProps<TData> {
  data: TData;
  display: TWidgetDisplay;
}

const FALLBACK_NOTE = 'A price or rate is missing';
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/**
 * The root of every widget. `values` are the numbers shown, unrounded, as JSON in `data-values`: e2e reads
 * them to compare with the analytics API.
 */
export function WidgetRoot({
  display,
  values,
  children,
}: {
  display: TWidgetDisplay;
  values: unknown;
  children: ReactNode;
}) {
  return (
    <Box
      role="region"
      aria-label={display.label}
      data-testid={`widget-${display.code}`}
      data-values={JSON.stringify(values)}
      h="100%"
    >
      {children}
    </Box>
  );
}

type TFormat = 'money' | 'percent' | 'multiple';

function formatted(value: number | null | undefined, format: TFormat, display: TWidgetDisplay): string {
  if (format === 'percent') return formatPercent(value);
  if (format === 'multiple') return formatMultiple(value);
  return formatMoney(value, display.currency, display.precision);
}

/**
 * A table that scrolls sideways shows its scrollbar whenever it overflows, not only on hover (a phone has no
 * hover: a number cut at the card's edge with no scrollbar reads as a smaller number — issue 18).
 */
export const VISIBLE_SCROLLBAR = { type: 'auto', offsetScrollbars: 'x' } as const;

/** Inside a FitTable numbers take the table's smaller size. */
const FitTableContext = createContext(false);

/**
 * The table of a small widget (issue 18: numbers never clip). Small type and tight cells so its numbers fit
 * the widget's starting size at 1280 and 390 px; what still does not fit (a long precision, a narrow card)
 * scrolls sideways with a visible scrollbar instead of being cut at the card's edge.
 */
export function FitTable({
  minWidth = 0,
  children,
  ...props
}: { minWidth?: number; children: ReactNode } & Omit<TableProps, 'children'>) {
  return (
    <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={VISIBLE_SCROLLBAR}>
      <FitTableContext.Provider value={true}>
        <Table fz="xs" horizontalSpacing="xs" verticalSpacing={4} {...props}>
          {children}
        </Table>
      </FitTableContext.Provider>
    </Table.ScrollContainer>
  );
}

/** A number; '—' with a tooltip when it is missing. `data-value` keeps the raw number ('' when missing). */
export function NumberText({
  value,
  format = 'money',
  view,
  note,
  ...props
}: {
  value: number | null | undefined;
  format?: TFormat;
  /** The widget's currency, precision and missing note ('display' is a Mantine style prop). */
  view: TWidgetDisplay;
  /** Why it is missing when that is not a price (an IRR the solver could not define). */
  note?: string | null;
} & TextProps) {
  // A number is never broken over two lines (a wrapped '$13,' over '048' reads as two numbers).
  const size = useContext(FitTableContext) ? 'xs' : 'sm';
  const text = (
    <Text component="span" ff="monospace" size={size} style={NO_WRAP} data-value={value ?? ''} {...props}>
      {formatted(value, format, view)}
    </Text>
  );
  if (value !== null && value !== undefined && Number.isFinite(value)) return text;
  const label = note ?? view.missingNote ?? FALLBACK_NOTE;
  return (
    <Tooltip label={label} multiline maw={360} withArrow>
      <Text
        component="span"
        ff="monospace"
        size={size}
        style={NO_WRAP}
        data-value=""
        aria-label={label}
        {...props}
      >
        {formatted(null, format, view)}
      </Text>
    </Tooltip>
  );
}

/** The words under an IRR that is not a plain annual rate (return-widgets.ts `irrCaption`). */
export function IrrCaption({ caption }: { caption: string | null }) {
  if (caption === null) return null;
  return (
    <Text size="xs" c="dimmed">
      {caption}
    </Text>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Stack h="100%" justify="center" align="center" py="md">
      <Text size="sm" c="dimmed">
        {children}
      </Text>
    </Stack>
  );
}
