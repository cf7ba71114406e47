/**
 * GitHub webhooks: installing them on project repositories, and receiving deliveries (signature
 * checked, recorded, answered 202, processed as a job that emits forge events).
 */
export { AcksFirst } from './acks-first.js';
export {
  WEBHOOK_DELIVERY_JOB,
  createWebhookDeliveryHandler,
  enqueuePendingDeliveries,
} from './delivery-job.js';
export { webhookInstallRoutes } from './install-routes.js';
export { WebhookInstallService } from './install-service.js';
export { webhookReceiverRoutes } from './receiver-routes.js';
export { WebhookReceiver } from './receiver-service.js';
export { signBody } from './signature.js';
