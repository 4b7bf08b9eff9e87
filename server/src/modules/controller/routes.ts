import { endpoints } from '@dealdesk/core';
import type { Module } from '../../context.js';
import { createControllerService } from './service.js';

/** The controller screen (spec part 1, sections 2, 3, 5 and 7). */
export const controllerModule: Module = (api, context) => {
  const controller = createControllerService(context);
  const call = endpoints.controller;

  api.implement(call.get, { handler: () => controller.settings() });
  // Every change answers the settings as they are after it, and makes a version (versions.ts).
  api.implement(call.setSwitch, {
    handler: ({ caller, body }) => controller.setSwitch(caller, body),
  });
  api.implement(call.setPosition, {
    handler: ({ caller, body }) => controller.setPosition(caller, body),
  });
  api.implement(call.setPlacement, {
    handler: ({ caller, body }) => controller.setPlacement(caller, body),
  });
  api.implement(call.setAfterSplash, {
    handler: ({ caller, body }) => controller.setAfterSplash(caller, body),
  });
  api.implement(call.setIntentControl, {
    handler: ({ caller, body }) => controller.setIntentControl(caller, body),
  });
  api.implement(call.setFacebook, {
    handler: ({ caller, body }) => controller.setFacebook(caller, body),
  });
  api.implement(call.setInstallNew, {
    handler: ({ caller, body }) => controller.setInstallLink(caller, body),
  });
  api.implement(call.versions, { handler: ({ query }) => controller.versions(query) });
  api.implement(call.version, {
    handler: async ({ params }) => ({ data: await controller.version(params.version) }),
  });
  api.implement(call.rollback, {
    handler: ({ caller, params }) => controller.rollback(caller, params.version),
  });
};
