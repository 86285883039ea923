import { type CaptchaImageState, useCaptchaImage } from '@/components/captcha/use-captcha-image';

export type CaptchaState = CaptchaImageState & {
  /** What a request carries when the captcha is shown: the answer and the id of the image it is for. */
  fields: { captcha?: string; captchaId?: string };
};

/** The captcha of the sign-in forms (login, register, agent login, forgot password): the shared image hook plus the fields a request carries. */
export function useCaptcha(shown: boolean): CaptchaState {
  const state = useCaptchaImage(shown);
  const { captcha, answer } = state;
  return { ...state, fields: shown && captcha ? { captcha: answer.trim(), captchaId: captcha.captchaId } : {} };
}
