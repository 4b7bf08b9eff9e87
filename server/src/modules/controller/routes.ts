import { endpoints } from '@dealdesk/core';
import type { Module } from '../../context.js';
import { createControllerService } from './service.js';

/** The controller screen (spec part 1, sections 2, 3, 5 and 7). */
export const controllerModule: Module = (api, context) => {
  const controller = createControllerService(context);
  const call = endpoints.controller;

  api.implement(call.get, { handler: () => controller.settings() });
  // Every change answers the settings as they are after it.
  api.implement(call.setSwitch, { handler: ({ body }) => controller.setSwitch(body) });
  api.implement(call.setPosition, { handler: ({ body }) => controller.setPosition(body) });
  api.implement(call.setPlacement, { handler: ({ body }) => controller.setPlacement(body) });
  api.implement(call.setAfterSplash, { handler: ({ body }) => controller.setAfterSplash(body) });
  api.implement(call.setIntentControl, {
    handler: ({ body }) => controller.setIntentControl(body),
  });
  api.implement(call.setFacebook, { handler: ({ body }) => controller.setFacebook(body) });
  api.implement(call.setInstallNew, { handler: ({ body }) => controller.setInstallLink(body) });
};
