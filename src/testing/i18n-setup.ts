// Every test renders in English, from the same compiled catalogue the app loads.
import { i18n } from '@lingui/core';
import { messages } from '../locales/en.po';

i18n.loadAndActivate({ locale: 'en', messages });
