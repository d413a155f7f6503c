export { DeviceApiClient, DeviceApiError } from './api.js';
export { Phone, type PhoneEnd, type PhoneOptions } from './phone.js';
export { positionAt, type Waypoint, WEST_LAKE_ROUTE } from './route.js';
export { type SigninInput, signIn } from './signin.js';
export { PhoneFolder, type PhoneState } from './state.js';
