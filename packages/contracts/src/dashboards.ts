import { DASHBOARD_TYPES } from '@strata/core/dashboards/widget-kinds';
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { ZErrorBody, ZVersion } from './errors.ts';
import { ZMessageResponse, ZRecordId } from './repositories.ts';

// Rules (kinds, layouts on the grid, names, slugs, the plan's widget kinds) are core's dashboard rules.

export const ZWidget = z.object({
  id: z.string().max(64),
  kind: z.string().max(64),
  layout: z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() }),
  /** Scope, grouping, period, precision, pivot, title: core's widget-settings.ts (checked by the service). */
  settings: z.record(z.string(), z.unknown()).default({}),
});

export const ZDashboardView = z.object({
  id: z.string(),
  repository_id: z.string(),
  type: z.enum(DASHBOARD_TYPES),
  name: z.string(),
  slug: z.string(),
  position: z.number(),
  widgets: z.array(ZWidget),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  version: ZVersion,
});
export type TDashboardView = z.infer<typeof ZDashboardView>;

export const ZListDashboardViewsQuery = z.object({
  repository_id: ZRecordId,
  type: z.enum(DASHBOARD_TYPES).optional(),
});

export const ZCreateDashboardViewBody = z.object({
  repository_id: ZRecordId,
  type: z.enum(DASHBOARD_TYPES),
  name: z.string().max(10_000).nullish(),
  widgets: z.array(ZWidget).max(1000).default([]),
});

export const ZUpdateDashboardViewBody = z.object({
  name: z.string().max(10_000).nullish(),
  position: z.number().int().min(0).max(10_000).optional(),
  widgets: z.array(ZWidget).max(1000).optional(),
  /** The version the client edited (or If-Match); a stale one answers 409 STALE_VERSION. */
  version: ZVersion.nullish(),
});

export const ZDashboardViewParams = z.object({ id: ZRecordId });

/** `details` of the 403 refusing widget kinds outside the caller's plan (the web's upgrade prompt). */
export const ZWidgetPlanLimitDetails = z.object({
  reason: z.literal('PLAN_LIMIT'),
  plan_id: z.string(),
  kinds: z.array(z.string()),
  upgrade_plan: z.string().nullable(),
  upgrade_message: z.string().nullable(),
});
export type TWidgetPlanLimitDetails = z.infer<typeof ZWidgetPlanLimitDetails>;

const errors = { 400: ZErrorBody, 401: ZErrorBody, 402: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

export const listDashboardViews = defineEndpoint({
  method: 'GET',
  url: '/dashboard_views',
  summary: "The caller's dashboards of a repository (a first desktop and mobile one are made on first read)",
  querystring: ZListDashboardViewsQuery,
  response: { 200: z.array(ZDashboardView), ...errors },
});

export const createDashboardView = defineEndpoint({
  method: 'POST',
  url: '/dashboard_views',
  summary: 'Add a dashboard',
  body: ZCreateDashboardViewBody,
  response: { 201: ZDashboardView, ...errors },
});

export const updateDashboardView = defineEndpoint({
  method: 'PUT',
  url: '/dashboard_views/:id',
  summary: "Rename, reorder or save a dashboard's widgets",
  params: ZDashboardViewParams,
  body: ZUpdateDashboardViewBody,
  response: { 200: ZDashboardView, ...errors, 409: ZErrorBody },
});

export const deleteDashboardView = defineEndpoint({
  method: 'DELETE',
  url: '/dashboard_views/:id',
  summary: 'Delete a dashboard',
  params: ZDashboardViewParams,
  response: { 200: ZMessageResponse, ...errors },
});
