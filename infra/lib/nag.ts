import { type App, Stack, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';

/** Registers the cdk-nag packs the app must pass: any unacknowledged finding makes `app.synth()` throw. */
export function applyNag(app: App): void {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));
}

/**
 * Acknowledges cdk-nag findings on one construct (and its children), each with the reason it is acceptable.
 * Keys are exact rule ids, e.g. `AwsSolutions-S1` or `AwsSolutions-IAM5[Resource::*]`.
 */
export function acknowledge(scope: IConstruct, rules: Record<string, string>): void {
  Validations.of(scope).acknowledge(...Object.entries(rules).map(([id, reason]) => ({ id, reason })));
}

/**
 * The finding suffix cdk-nag's IAM5 rule reports for a resource ARN containing a wildcard, e.g.
 * `Resource::<UploadsBucket12AB.Arn>/*`. Mirrors cdk-nag's flattenCfnReference so that acknowledgements
 * name the exact resource instead of a blanket IAM5.
 */
export function wildcardResource(scope: IConstruct, arn: string): string {
  return `Resource::${flattenReference(Stack.of(scope).resolve(arn))}`;
}

/** A resolved CloudFormation value as the flat string cdk-nag uses in finding ids. */
export function flattenReference(node: unknown): string {
  if (node === undefined) return '';
  if (typeof node === 'string') return node.replace(/\$\{/g, '<').replace(/}/g, '>');
  if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    if (o['Fn::Join']) {
      const [delimiter, items] = o['Fn::Join'] as [string, unknown[]];
      return items.map(flattenReference).join(delimiter);
    }
    if (o['Fn::Sub']) return flattenReference(o['Fn::Sub']);
    if (o['Fn::GetAtt']) {
      const [resource, attribute] = o['Fn::GetAtt'] as [unknown, unknown];
      return `<${flattenReference(resource)}.${flattenReference(attribute)}>`;
    }
    if (o['Fn::ImportValue']) return flattenReference(o['Fn::ImportValue']);
    if (o.Ref) return `<${flattenReference(o.Ref)}>`;
  }
  return JSON.stringify(node);
}
