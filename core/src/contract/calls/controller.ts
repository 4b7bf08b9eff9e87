// The controller screen: feature switches, positions, ad placements and app settings.
import { z } from 'zod';
import {
  controllerSettingsSchema,
  controllerVersionDetailSchema,
  controllerVersionSchema,
  installNewSettingSchema,
} from '../../entities/index.js';
import {
  afterSplashChangeSchema,
  controllerPositionSchema,
  controllerStatusSchema,
  controllerVersionParamsSchema,
  controllerVersionsQuerySchema,
  facebookChangeSchema,
  installNewSchema,
  intentControlChangeSchema,
  placementChangeSchema,
  type ControllerPositionChangeInput,
  type ControllerStatusChangeInput,
} from '../../schemas/index.js';
import type { ClientInput } from '../client.js';
import { endpoint, endpointTaking, envelopeBody } from '../endpoint.js';
import type { PageRequest } from './pages.js';

/** The settings as GET answers them; every change answers them as they are after it. */
const settings = z.object({ data: controllerSettingsSchema, installNew: installNewSettingSchema });
/** What a change answers: the settings after it, and the version it made (versions). */
const changed = settings.extend({
  /** Null when the change changed nothing (no version is made then). */
  version: z.number().nullable(),
});
const updated = 'Updated successfully';

/** Every setting of the screen changes through a PUT of its own path. */
const change = <S extends z.ZodType>(path: string, summary: string, schema: S) =>
  endpoint({
    method: 'PUT',
    path,
    access: 'admin',
    role: 'owner',
    summary,
    body: envelopeBody(schema),
    answer: changed,
    message: updated,
  });

export const controller = {
  get: endpoint({
    method: 'GET',
    path: '/api/App/controller/admin',
    access: 'admin',
    role: 'viewer',
    summary: 'The switches, positions, placements and app settings',
    answer: settings,
    message: 'Controller settings',
  }),
  setSwitch: endpointTaking<ClientInput<ControllerStatusChangeInput, { status: boolean }>>()({
    method: 'PUT',
    path: '/api/App/controller/admin/status/change',
    access: 'admin',
    role: 'owner',
    summary: 'Turns one feature switch on or off',
    body: envelopeBody(controllerStatusSchema),
    answer: changed,
    message: updated,
  }),
  setPosition: endpointTaking<ClientInput<ControllerPositionChangeInput, { value: number }>>()({
    method: 'PUT',
    path: '/api/App/controller/admin/position/change',
    access: 'admin',
    role: 'owner',
    summary: 'Sets one numeric position',
    body: envelopeBody(controllerPositionSchema),
    answer: changed,
    message: updated,
  }),
  setPlacement: change(
    '/api/App/controller/admin/afterIntro/change',
    'Sets the ad placement of one screen transition',
    placementChangeSchema,
  ),
  /** Our path: the spec leaves the after-splash call out. */
  setAfterSplash: change(
    '/api/App/controller/admin/afterSplace/change',
    'Sets the ad placement after the splash screen',
    afterSplashChangeSchema,
  ),
  /** Our path: the spec leaves the intent control call out. */
  setIntentControl: change(
    '/api/App/controller/admin/intent/change',
    'Sets the intent control (both, forward or backward)',
    intentControlChangeSchema,
  ),
  setFacebook: change(
    '/api/App/controller/admin/facebook/change',
    'Sets the Facebook app id and client token',
    facebookChangeSchema,
  ),
  setInstallNew: change(
    '/api/App/controller/install/new',
    "Sets the install-new-app call to action's link",
    installNewSchema,
  ),
  versions: endpointTaking<Omit<PageRequest, 'q'>>()({
    method: 'GET',
    path: '/api/App/controller/admin/versions',
    access: 'admin',
    role: 'viewer',
    summary:
      'A page of the numbered versions every controller change makes, newest first (the newest 300 are kept), and how many there are',
    query: controllerVersionsQuerySchema,
    answer: z.object({ data: z.array(controllerVersionSchema), totalRecord: z.number() }),
    message: 'Controller versions',
  }),
  version: endpointTaking<{ version: number }>()({
    method: 'GET',
    path: '/api/App/controller/admin/versions/:version',
    access: 'admin',
    role: 'viewer',
    summary: "One controller version: its settings, and how today's differ from them",
    params: controllerVersionParamsSchema,
    answer: z.object({ data: controllerVersionDetailSchema }),
    message: 'Controller version',
  }),
  rollback: endpointTaking<{ version: number }>()({
    method: 'PUT',
    path: '/api/App/controller/admin/versions/:version/rollback',
    access: 'admin',
    role: 'owner',
    summary: "Restores a version's settings: a new version, as any change makes",
    params: controllerVersionParamsSchema,
    answer: changed.extend({ version: z.number() }),
    message: 'Rolled back',
  }),
};
