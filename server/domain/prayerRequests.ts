// A prayer request's row as its list, activity logging and the account's export read it.
import * as answers from '../schemas/answers';

export const prayerColumns = answers.prayerRequestRow.columns;
