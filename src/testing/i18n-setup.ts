// Every test renders in English, from the catalogues the app loads; a message newer than the
// catalogues is compiled from the code's own English (the catalogue check in scripts/test-all.sh
// is what fails on a stale catalogue).
import { i18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { messages as panels } from '../locales/en/panels.po';
import { messages as shell } from '../locales/en/shell.po';

i18n.setMessagesCompiler(compileMessage);
i18n.loadAndActivate({ locale: 'en', messages: { ...shell, ...panels } });
