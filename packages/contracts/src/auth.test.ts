import { describe, expect, it } from 'vitest';
import { LoginBody, RegisterBody, RegisterFormSchema } from './auth.js';
import { ValidationMessages, validationMessageKey } from './messages.js';

const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('spec §5 validation, shared by server and web', () => {
  it('uses the exact English messages of the spec', () => {
    expect(ValidationMessages).toMatchObject({
      invalidEmail: 'Invalid email address',
      loginPasswordMin: 'Password must be at least 6 characters',
      nameMin: 'Name must be at least 2 characters',
      passwordMin: 'Password must be at least 8 characters',
      passwordUppercase: 'Password must contain at least one uppercase letter',
      passwordLowercase: 'Password must contain at least one lowercase letter',
      passwordNumber: 'Password must contain at least one number',
      passwordsDontMatch: "Passwords don't match",
      projectNameMin: 'Project name must be at least 2 characters',
      invalidRepositoryUrl: 'Invalid repository URL',
    });
    expect(validationMessageKey("Passwords don't match")).toBe('passwordsDontMatch');
    expect(validationMessageKey('something else')).toBeUndefined();
  });

  it('login: valid e-mail, password of at least 6', () => {
    expect(messagesOf(LoginBody.safeParse({ email: 'nope', password: '12345' }))).toEqual([
      ['email', 'Invalid email address'],
      ['password', 'Password must be at least 6 characters'],
    ]);
    expect(LoginBody.parse({ email: ' A@B.CO ', password: '123456' }).email).toBe('a@b.co');
  });

  it('register: each password rule reports on its own', () => {
    expect(
      messagesOf(RegisterBody.safeParse({ name: 'Al', email: 'a@b.co', password: 'abcdefgh' })),
    ).toEqual([
      ['password', 'Password must contain at least one uppercase letter'],
      ['password', 'Password must contain at least one number'],
    ]);
  });

  it('register form: a mismatched confirmation is reported on confirmPassword and never sent', () => {
    const result = RegisterFormSchema.safeParse({
      name: 'Al',
      email: 'a@b.co',
      password: 'Abcdefg1',
      confirmPassword: 'x',
    });
    expect(messagesOf(result)).toEqual([['confirmPassword', "Passwords don't match"]]);
    const body = RegisterBody.parse({
      name: 'Al',
      email: 'a@b.co',
      password: 'Abcdefg1',
      confirmPassword: 'Abcdefg1',
    });
    expect(body).not.toHaveProperty('confirmPassword');
  });
});
