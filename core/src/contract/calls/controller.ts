// The controller screen: feature switches, positions, ad placements and app settings.
import { z } from 'zod';
import { controllerSettingsSchema, installNewSettingSchema } from '../../entities/index.js';
import {
  afterSplashChangeSchema,
  controllerPositionSchema,
  controllerStatusSchema,
  facebookChangeSchema,
  installNewSchema,
  intentControlChangeSchema,
  placementChangeSchema,
  type ControllerPositionChangeInput,
  type ControllerStatusChangeInput,
} from '../../schemas/index.js';
import type { ClientInput } from '../client.js';
import { endpoint, endpointTaking, envelopeBody } from '../endpoint.js';

/** The settings as GET answers them; every change answers them as they are after it. */
const settings = z.object({ data: controllerSettingsSchema, installNew: installNewSettingSchema });
const updated = 'Updated successfully';

/** Every setting of the screen changes through a PUT of its own path. */
const change = <S extends z.ZodType>(path: string, summary: string, schema: S) =>
  endpoint({
    method: 'PUT',
    path,
    access: 'admin',
    summary,
    body: envelopeBody(schema),
    answer: settings,
    message: updated,
  });

export const controller = {
  get: endpoint({
    method: 'GET',
    path: '/api/App/controller/admin',
    access: 'admin',
    summary: 'The switches, positions, placements and app settings',
    answer: settings,
    message: 'Controller settings',
  }),
  setSwitch: endpointTaking<ClientInput<ControllerStatusChangeInput, { status: boolean }>>()({
    method: 'PUT',
    path: '/api/App/controller/admin/status/change',
    access: 'admin',
    summary: 'Turns one feature switch on or off',
    body: envelopeBody(controllerStatusSchema),
    answer: settings,
    message: updated,
  }),
  setPosition: endpointTaking<ClientInput<ControllerPositionChangeInput, { value: number }>>()({
    method: 'PUT',
    path: '/api/App/controller/admin/position/change',
    access: 'admin',
    summary: 'Sets one numeric position',
    body: envelopeBody(controllerPositionSchema),
    answer: settings,
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
};
