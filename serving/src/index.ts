/**
 * @formsign/serving: what every server of the built app shares (the reference server, and the
 * app's own server in mock mode): the Content-Security-Policy its pages carry, how a request's
 * path names a file of the build, and how long a browser keeps each file.
 */
export { contentSecurityPolicy, inlineScriptHashes, type PolicyOptions } from './content-security-policy.js';
export { cacheControl, compressible, contentTypes, decodePath, fileInside, hashedFolders, isRefusedPath } from './static-paths.js';
