#!/usr/bin/env -S npx tsx
/** CDK app entry (cdk.json: `npx tsx infra/bin/app.ts`). Context values are documented in ../lib/app.ts. */
import { createApp } from '../lib/app';

createApp().app.synth();
