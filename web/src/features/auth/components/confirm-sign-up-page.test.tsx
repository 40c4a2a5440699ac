import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/test/render';
import { ConfirmSignUpPage } from './confirm-sign-up-page';

const amplify = vi.hoisted(() => ({ confirmSignUp: vi.fn(), resendSignUpCode: vi.fn() }));
vi.mock('aws-amplify/auth', () => amplify);

const cognitoError = (name: string, message: string) => Object.assign(new Error(message), { name });

describe('ConfirmSignUpPage', () => {
  beforeEach(() => {
    amplify.confirmSignUp.mockReset();
    amplify.resendSignUpCode.mockReset();
  });

  it('confirms once, even under StrictMode, and offers sign-in', async () => {
    amplify.confirmSignUp.mockResolvedValue({ isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } });
    const router = createMemoryRouter([{ path: '/auth/confirm', element: <ConfirmSignUpPage /> }], {
      initialEntries: ['/auth/confirm?email=ada%40example.com&code=123456'],
    });
    render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
    expect(screen.getByRole('status', { name: 'Confirming your email' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Email confirmed' })).toBeInTheDocument();
    expect(screen.getByText(/account has been verified/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth/login');
    expect(amplify.confirmSignUp).toHaveBeenCalledTimes(1);
    expect(amplify.confirmSignUp).toHaveBeenCalledWith({
      username: 'ada@example.com',
      confirmationCode: '123456',
    });
  });

  it('treats an already confirmed account as confirmed', async () => {
    amplify.confirmSignUp.mockRejectedValue(
      cognitoError('NotAuthorizedException', 'User cannot be confirmed. Current status is CONFIRMED'),
    );
    renderPage(<ConfirmSignUpPage />, { path: '/auth/confirm?email=ada%40example.com&code=123456' });
    expect(await screen.findByRole('heading', { name: 'Email confirmed' })).toBeInTheDocument();
  });

  it('explains an expired link and offers to sign up again or get a new link', async () => {
    amplify.confirmSignUp.mockRejectedValue(cognitoError('ExpiredCodeException', 'Invalid code provided'));
    amplify.resendSignUpCode.mockResolvedValue({});
    renderPage(<ConfirmSignUpPage />, { path: '/auth/confirm?email=ada%40example.com&code=123456' });
    expect(await screen.findByRole('heading', { name: 'Confirmation failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This confirmation link has expired or has already been used. If you confirmed your account, sign in',
    );
    expect(screen.getByRole('link', { name: 'Sign up again' })).toHaveAttribute('href', '/auth/signup');

    screen.getByRole('button', { name: 'Send a new link' }).click();
    expect(await screen.findByText('Verification Email Sent')).toBeInTheDocument();
    expect(amplify.resendSignUpCode).toHaveBeenCalledWith({ username: 'ada@example.com' });
  });

  it('explains an invalid code', async () => {
    amplify.confirmSignUp.mockRejectedValue(
      cognitoError('CodeMismatchException', 'Invalid verification code'),
    );
    renderPage(<ConfirmSignUpPage />, { path: '/auth/confirm?email=ada%40example.com&code=654321' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This confirmation link is invalid.');
  });

  it('rejects an incomplete link without calling Cognito', () => {
    renderPage(<ConfirmSignUpPage />, { path: '/auth/confirm?email=ada%40example.com' });
    expect(screen.getByRole('alert')).toHaveTextContent('incomplete');
    expect(amplify.confirmSignUp).not.toHaveBeenCalled();
  });
});
