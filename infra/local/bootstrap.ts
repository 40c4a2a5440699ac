/** Imported first by the local cloud: process-wide settings that must precede the emulators' modules. */

// cognito-local brings the AWS SDK v2, which prints a maintenance notice on load.
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';

export {};
