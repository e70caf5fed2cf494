/** The contract's PasswordSchema rules, said once in words so the user knows them before typing. */
export const PASSWORD_RULES_HELP = "8文字以上で、英小文字・英大文字・数字をそれぞれ1文字以上含めてください。";
