export { AuthSection, AUTH_SECTION_ID, type AuthMode } from './auth-section';
export { ProtectedRoute } from './protected-route';
