// The platform settings page's API (docs/operations.md): admins read every setting, only the super admin changes them.
// Users never call these: what they see of the settings comes through GET /config.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SETTINGS_MSG, settingsResponse, settingsToJson, settingsUpdateBody } from '@app/contract';
import { currentUser, requireAdmin, requireRole } from '../../http/guards.js';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { settings } = app;
  const tags = ['settings'];

  app.get(
    '/settings',
    { onRequest: requireAdmin, schema: { tags, summary: 'Every platform setting (admins)', response: { 200: settingsResponse } } },
    async () => {
      await settings.reload(); // the table, not this instance's copy: a change made a moment ago elsewhere shows
      return { success: true, message: 'ok', settings: settingsToJson(settings.all()) };
    },
  );

  app.put(
    '/settings',
    {
      onRequest: requireRole('SADMIN'),
      schema: {
        tags,
        summary: 'Change any subset of the platform settings (super admin); audited, live on every instance within 5 s',
        body: settingsUpdateBody,
        response: { 200: settingsResponse },
      },
    },
    async (req) => {
      const changed = await settings.update(currentUser(req).id, req.body);
      return { success: true, message: changed.length ? SETTINGS_MSG.saved : SETTINGS_MSG.unchanged, settings: settingsToJson(settings.all()) };
    },
  );
};
