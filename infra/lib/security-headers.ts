/**
 * The web app's security headers: one definition for CloudFront's response-headers policy (AWS) and the local
 * cloud's static server, so the browser tests run under the policy production sends.
 */
export interface CspHosts {
  /** Where presigned S3 URLs point: uploads (POST) and images (GET). */
  storage: string[];
  /** The Cognito endpoint Amplify calls ('self' covers a same-origin one). */
  auth: string[];
}

export function contentSecurityPolicy(
  hosts: CspHosts,
  options: { upgradeInsecureRequests: boolean },
): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Toast and UI libraries inject <style> elements at runtime.
    "style-src 'self' 'unsafe-inline'",
    // Renders and drawings are shown through presigned S3 GET URLs; local previews are blob:/data: URLs.
    ['img-src', "'self'", 'data:', 'blob:', ...hosts.storage].join(' '),
    "font-src 'self' data:",
    // Cognito (Amplify Auth) and presigned POST/PUT uploads straight to S3.
    ['connect-src', "'self'", ...hosts.auth, ...hosts.storage].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(options.upgradeInsecureRequests ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=()';
