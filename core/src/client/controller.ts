import type { ControllerSettings, InstallNew } from '../entities/controller.js';
import type {
  AfterSplashChangeInput,
  ControllerPositionChangeInput,
  ControllerStatusChangeInput,
  FacebookChangeInput,
  InstallNewChangeInput,
  IntentControlChangeInput,
  PlacementChangeInput,
} from '../schemas/index.js';
import { command, envelope } from './command.js';
import type { ClientInput } from './inputs.js';

/** The settings as GET answers them; every change answers them as they are after it. */
type ControllerAnswer = { data: ControllerSettings; installNew: InstallNew };

/** Every setting of the screen changes through a PUT of its own path. */
const change =
  <Input extends object>(path: string) =>
  (input: Input) =>
    command<ControllerAnswer>({ method: 'PUT', path, body: envelope(input), auth: 'bearer' });

/** The controller screen: feature switches, positions, ad placements and app settings. */
export const controller = {
  get: () =>
    command<ControllerAnswer>({
      method: 'GET',
      path: '/api/App/controller/admin',
      auth: 'bearer',
    }),
  setSwitch: change<ClientInput<ControllerStatusChangeInput, { status: boolean }>>(
    '/api/App/controller/admin/status/change',
  ),
  setPosition: change<ClientInput<ControllerPositionChangeInput, { value: number }>>(
    '/api/App/controller/admin/position/change',
  ),
  setPlacement: change<PlacementChangeInput>('/api/App/controller/admin/afterIntro/change'),
  /** Our path: the spec leaves the after-splash call out. */
  setAfterSplash: change<AfterSplashChangeInput>('/api/App/controller/admin/afterSplace/change'),
  /** Our path: the spec leaves the intent control call out. */
  setIntentControl: change<IntentControlChangeInput>('/api/App/controller/admin/intent/change'),
  setFacebook: change<FacebookChangeInput>('/api/App/controller/admin/facebook/change'),
  setInstallNew: change<InstallNewChangeInput>('/api/App/controller/install/new'),
};
