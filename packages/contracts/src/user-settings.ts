import { isTimeZone } from '@strata/core/dates/today';
import { DATE_FORMATS } from '@strata/core/settings/date-format';
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { ZErrorBody } from './errors.ts';

export const ZDateFormat = z.enum(DATE_FORMATS);

/** An IANA time zone name the runtime knows (`Europe/Berlin`, `UTC`). */
export const ZTimeZone = z.string().max(64).refine(isTimeZone, { error: 'must be an IANA time zone' });

/** Free-form UI state owned by the web app; the server only runs the dated migrations on it. */
export const ZUiSettings = z.record(z.string(), z.unknown());

/** The whole settings document; POST replaces it (seed §7: "with the whole settings object"). */
export const ZUserSettings = z.strictObject({
  dateFormat: ZDateFormat,
  lastActiveRepository: z.string().min(1).max(255).nullable(),
  /** Minutes of inactivity before the idle warning. */
  allowedInactivityTime: z.number().int().min(1).max(1440),
  earlyAccess: z.boolean(),
  timelineOpened: z.boolean(),
  /** Pixels; null = the layout's default width. */
  assetTreeWidth: z.number().int().min(0).max(4000).nullable(),
  uiSettings: ZUiSettings,
  /**
   * The zone whose calendar says what "today" is (docs/domain.md, *Today*); the browser's until the user
   * saves settings, then stored. null (or left out by an older client): UTC on the server, the browser's
   * zone on the web.
   */
  timeZone: ZTimeZone.nullable().default(null),
  /** The seed's AI-agent toggle: shows the assistant panel (docs/assistant.md). Off until the user turns it on. */
  isAiAgentEnabled: z.boolean().default(false),
});
export type TUserSettings = z.infer<typeof ZUserSettings>;

export const ZUserSettingsParams = z.object({ uuid: z.string().min(1).max(255) });
export type TUserSettingsParams = z.infer<typeof ZUserSettingsParams>;

/** The browser's IANA time zone, used for the default date format while nothing is saved yet. */
export const ZUserSettingsQuery = z.object({
  timeZone: ZTimeZone.optional(),
});
export type TUserSettingsQuery = z.infer<typeof ZUserSettingsQuery>;

export const getUserSettings = defineEndpoint({
  method: 'GET',
  url: '/users/:uuid/settings',
  summary: "The signed-in user's settings (defaults until saved)",
  params: ZUserSettingsParams,
  querystring: ZUserSettingsQuery,
  response: { 200: ZUserSettings, 401: ZErrorBody, 403: ZErrorBody },
});

export const saveUserSettings = defineEndpoint({
  method: 'POST',
  url: '/users/:uuid/settings',
  summary: "Replace the signed-in user's settings",
  params: ZUserSettingsParams,
  body: ZUserSettings,
  response: { 200: ZUserSettings, 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody },
});
