import { type CashierDeps, createCashierService } from './cashier.service';
import { createUploadStore } from './cashier.uploads';
import type { PaymentGateway } from './payment-gateway';
import {
  createPaymentSimulator,
  createSimulatorGateway,
  type PaymentSimulator,
  type SimTransport,
  simulatorGatewayCode,
} from './payment-simulator';

export type CashierSetupOptions = Omit<CashierDeps, 'uploads' | 'gateways' | 'isGatewayEnabled'> & {
  uploadsDir: string;
  paymentSim: {
    enabled: boolean;
    secret: string;
    callbackUrl: string;
    maxAgeSeconds: number;
    /** How the simulator reaches the callback URL; HTTP unless given (tests pass `app.inject`). */
    transport?: SimTransport | undefined;
  };
};

/**
 * Builds the cashier with its payment gateways (the simulator PSP and our adapter for it) and the upload store,
 * and seeds the deposit channels. What app.ts calls.
 */
export async function setUpCashier(options: CashierSetupOptions) {
  const { uploadsDir, paymentSim, ...deps } = options;
  const simulator: PaymentSimulator = createPaymentSimulator({
    db: deps.db,
    merchantCode: deps.merchantCode,
    secret: paymentSim.secret,
    callbackUrl: paymentSim.callbackUrl,
    transport: paymentSim.transport,
    now: deps.now,
  });
  const gateways = new Map<string, PaymentGateway>([
    [
      simulatorGatewayCode,
      createSimulatorGateway({
        simulator,
        secret: paymentSim.secret,
        maxAgeSeconds: paymentSim.maxAgeSeconds,
        now: deps.now,
      }),
    ],
  ]);
  const cashier = createCashierService({
    ...deps,
    uploads: createUploadStore(uploadsDir),
    gateways,
    isGatewayEnabled: (code) => code !== simulatorGatewayCode || paymentSim.enabled,
  });
  await cashier.deposits.seed();
  return { cashier, paymentSimulator: paymentSim.enabled ? simulator : null };
}
