/** Turns a Step Functions Catch payload ({ Error, Cause }) into a message a user can read. */
export function readableFailure(error: { Error?: string; Cause?: string } | undefined): string {
  if (!error) return 'Generation failed';
  let message = error.Cause ?? '';
  let type = error.Error ?? '';
  try {
    const cause = JSON.parse(message) as { errorMessage?: string; errorType?: string };
    message = cause.errorMessage ?? message;
    type = cause.errorType ?? type;
  } catch {
    // Cause is plain text
  }
  const userFacing = new Set([
    'ProviderThrottled',
    'ProviderTimeout',
    'ProviderServiceError',
    'ContentFiltered',
    'ProviderRequestError',
    'ModelUnavailable',
    'DrawingUnreadable',
    'AppError',
  ]);
  if (userFacing.has(type) && message) return message.slice(0, 500);
  if (type === 'States.Timeout') return 'The image took too long to generate';
  if (type.startsWith('Lambda.')) return 'The image service was unavailable. Please try again.';
  return 'Generation failed';
}
