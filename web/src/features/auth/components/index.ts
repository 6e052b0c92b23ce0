export { AuthSection, AUTH_SECTION_ID, loadAuthForms, type AuthMode } from './auth-section';
export { ProtectedRoute } from './protected-route';
