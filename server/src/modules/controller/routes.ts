import {
  afterSplashChangeSchema,
  controllerPositionSchema,
  controllerStatusSchema,
  facebookChangeSchema,
  installNewSchema,
  intentControlChangeSchema,
  placementChangeSchema,
} from '@dealdesk/core';
import type { z } from 'zod';
import type { Module } from '../../context.js';
import { createControllerService, type ControllerView } from './service.js';

/** Success messages: the spec leaves them to the server. */
export const controllerAnswers = {
  read: 'Controller settings',
  updated: 'Updated successfully',
} as const;

/** The controller screen (spec part 1, sections 2, 3, 5 and 7). */
export const controllerModule: Module = (api, context) => {
  const controller = createControllerService(context);

  api.get('/api/App/controller/admin', {
    access: 'admin',
    handler: async () => ({
      status: true,
      message: controllerAnswers.read,
      ...(await controller.settings()),
    }),
  });

  // Every change answers the settings as they are after it.
  const changeCall = <S extends z.ZodType>(
    path: string,
    body: S,
    apply: (change: z.output<S>) => Promise<ControllerView>,
  ) =>
    api.put(path, {
      access: 'admin',
      body,
      handler: async ({ body: change }) => ({
        status: true,
        message: controllerAnswers.updated,
        // The router types a generic schema's output loosely; S is a zod schema here.
        ...(await apply(change as z.output<S>)),
      }),
    });

  changeCall(
    '/api/App/controller/admin/status/change',
    controllerStatusSchema,
    controller.setSwitch,
  );
  changeCall(
    '/api/App/controller/admin/position/change',
    controllerPositionSchema,
    controller.setPosition,
  );
  changeCall(
    '/api/App/controller/admin/afterIntro/change',
    placementChangeSchema,
    controller.setPlacement,
  );
  changeCall(
    '/api/App/controller/admin/afterSplace/change',
    afterSplashChangeSchema,
    controller.setAfterSplash,
  );
  changeCall(
    '/api/App/controller/admin/intent/change',
    intentControlChangeSchema,
    controller.setIntentControl,
  );
  changeCall(
    '/api/App/controller/admin/facebook/change',
    facebookChangeSchema,
    controller.setFacebook,
  );
  changeCall('/api/App/controller/install/new', installNewSchema, controller.setInstallLink);
};
