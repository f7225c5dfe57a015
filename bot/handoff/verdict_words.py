"""How a teacher's review comment names a cause, a correction or a teaching request, per language: the
words :mod:`bot.handoff.verdict` reads.

Data, kept as :mod:`bot.intake.cue_words` and :mod:`bot.organize.mistake_words` keep theirs: each table
maps a language code (en, es, fr, de, pt, zh, ja, ru) to a comma-separated list in the syntax of
:mod:`bot.intake.cue_match` (folded: accents and case dropped; ``word*`` a prefix; ``~`` up to five
words; Chinese and Japanese as substrings). A teacher's words are matched against every language at
once. The lists name kinds of wording ("she does not see", "the correct … is", "please explain"),
never whole sentences.

A sentence names

* a *cause* with a ``CAUSE`` cue, or with ``BECAUSE`` alone unless it is an ``APPROVAL``: "Approved
  because the order is right now" says why the work passes, not why the learner went wrong;
* a *correction* with a ``CORRECTION`` cue;
* a *teaching request* with a ``REQUEST`` cue anywhere or an ``OPENING`` imperative at its start, unless
  it is ``DO_NOT_RETEACH``. The openings leave out "review" and "give": "Review the steps …" and "Give it
  a merge" are about the pull request, not a lesson.

``CONTRADICTS`` says the earlier reading is wrong ("that is not the problem", "not a problem").
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.intake.cue_match import phrases

Lexicon = Mapping[str, tuple[str, ...]]

CAUSE: Lexicon = {
    "en": phrases(
        "real problem, actual problem, underlying problem, root problem, real issue, actual issue, "
        "underlying issue, root cause, real cause, actual cause, underlying cause, real difficulty, "
        "real reason, actual reason, the problem is, the problem was, the problem lies, the problem here is, "
        "the issue is, the issue was, the cause is, the cause was, the difficulty is, the trouble is, "
        "the misconception is, the confusion is, does not see, doesn't see, does not yet see, "
        "doesn't yet see, does not really see, does not know, doesn't know, does not yet know, "
        "does not understand, doesn't understand, does not yet understand, doesn't yet understand, "
        "does not recogni*, doesn't recogni*, does not reali*, doesn't reali*, does not notice, "
        "doesn't notice, does not remember, doesn't remember, does not get, doesn't get, did not see, "
        "didn't see, did not understand, didn't understand, do not understand, don't understand, "
        "cannot see, can't see, cannot yet see, cannot tell, can't tell, cannot recogni*, confuses, "
        "confused, confusing, mixes up, mixed up, mixing up, mix up, misunderst*, misread*, misappl*, "
        "forgets, forgot, she thinks, he thinks, they think, she believes, he believes, they believe, "
        "she assumes, he assumes, they assume, the learner thinks, the student thinks, the learner believes, "
        "the student believes"
    ),
    "es": phrases(
        "no ve, todavia no ve, no entiende, todavia no entiende, no sabe, no reconoce, no se da cuenta, "
        "no recuerda, no distingue, confunde, confundio, se confunde, mezcla, olvida, el verdadero problema, "
        "el problema real, el problema es, el problema esta en, la causa es, la dificultad es, "
        "la confusion es, piensa que, cree que, supone que"
    ),
    "fr": phrases(
        "ne voit ~ pas, ne comprend ~ pas, ne sait ~ pas, ne reconnait ~ pas, ne remarque ~ pas, "
        "ne se rend ~ pas compte, ne se souvient ~ pas, n'arrive pas a voir, confond, melange, oublie, "
        "le vrai probleme, le probleme reel, le probleme est, le probleme vient, la cause est, "
        "la difficulte est, la confusion est, elle pense que, il pense que, elle croit que, il croit que"
    ),
    "de": phrases(
        "sieht ~ nicht, versteht ~ nicht, weiss ~ nicht, erkennt ~ nicht, merkt ~ nicht, bemerkt ~ nicht, "
        "erinnert sich ~ nicht, verwechselt, vertauscht, bringt ~ durcheinander, vergisst, missversteht, "
        "das eigentliche problem, das problem ist, das problem liegt, die ursache ist, die ursache liegt, "
        "die schwierigkeit ist, sie denkt, er denkt, sie glaubt, er glaubt, sie nimmt an, er nimmt an"
    ),
    "pt": phrases(
        "nao ve, ainda nao ve, nao percebe, ainda nao percebe, nao entende, nao sabe, nao reconhece, "
        "nao lembra, nao se lembra, confunde, confundiu, mistura, esquece, esqueceu, o verdadeiro problema, "
        "o problema real, o problema e, o problema esta, a causa e, a dificuldade e, a confusao e, "
        "ela acha que, ele acha que, ela pensa que, ele pensa que, acredita que"
    ),
    "zh": phrases(
        "没看出, 看不出, 还没看出, 不明白, 不理解, 不知道, 没意识到, 没注意到, 不记得, 忘了, 忘记, "
        "混淆, 搞混, 弄混, 分不清, 真正的问题, 问题在于, 问题是, 原因是, 根本原因, "
        "她以为, 他以为, 她认为, 他认为"
    ),
    "ja": phrases(
        "分かっていない, わかっていない, 理解していない, 気づいていない, 気付いていない, 見えていない, "
        "覚えていない, 混同, 取り違え, 混乱して, 忘れて, 本当の問題, 問題は, 原因は, 根本的な原因, "
        "思い込んで, と思っている, と考えている"
    ),
    "ru": phrases(
        "не видит, не понимает, не знает, не замечает, не помнит, не узнает, не различает, путает, "
        "перепутал*, смешивает, забывает, забыл*, настоящая проблема, реальная проблема, проблема в, "
        "причина в, трудность в, она думает, он думает, она считает, он считает, она полагает, он полагает"
    ),
}
# A cause only when the sentence is no approval (see APPROVAL).
BECAUSE: Lexicon = {
    "en": phrases("because, due to"),
    "es": phrases("porque, debido a"),
    "fr": phrases("parce que, parce qu'*, a cause de"),
    "de": phrases("weil, wegen"),
    "pt": phrases("porque, devido a"),
    "zh": phrases("因为, 由于"),
    "ja": phrases("ので, からです, せいで"),
    "ru": phrases("потому что, так как, из-за"),
}
APPROVAL: Lexicon = {
    "en": phrases(
        "approved, approve, approving, lgtm, looks good, looks right, well done, good job, great work, "
        "thanks, thank you, merging"
    ),
    "es": phrases("aprobado, aprobada, apruebo, bien hecho, buen trabajo, gracias, se ve bien, ya esta bien"),
    "fr": phrases("approuve*, valide*, bien joue, bravo, bon travail, merci, c'est bon"),
    "de": phrases("genehmigt, freigegeben, gut gemacht, danke, sieht gut aus, passt jetzt"),
    "pt": phrases("aprovado, aprovada, aprovo, muito bem, bom trabalho, obrigado, obrigada, parece bom"),
    "zh": phrases("批准, 通过, 同意合并, 很好, 谢谢, 没问题, 做得好"),
    "ja": phrases("承認, 問題なし, よくできました, ありがとう, 良いです"),
    "ru": phrases("одобрено, одобряю, молодец, спасибо, хорошая работа"),
}
CORRECTION: Lexicon = {
    "en": phrases(
        "should be, should read, should say, should have been, the correct ~ is, the correct ~ are, "
        "the correct ~ was, the correct ~ would be, the right ~ is, the right ~ are, the right ~ would be, "
        "correction:, corrected:, correct:"
    ),
    "es": phrases(
        "deberia ser, deberia decir, tendria que ser, deberia haber sido, lo correcto es, "
        "la respuesta correcta es, el ~ correcto es, la ~ correcta es, correccion:"
    ),
    "fr": phrases(
        "devrait etre, devrait dire, aurait du etre, la bonne ~ est, le bon ~ est, la ~ correcte est, "
        "le ~ correct est, il fallait ecrire, il faut ecrire, correction :"
    ),
    "de": phrases(
        "sollte ~ sein, musste ~ sein, muss ~ lauten, sollte ~ lauten, richtig ware, richtig ist, "
        "die richtige ~ ist, der richtige ~ ist, das richtige ~ ist, korrekt ist, korrektur:, "
        "es muss ~ heissen"
    ),
    "pt": phrases(
        "deveria ser, devia ser, deveria ter sido, o correto e, a resposta correta e, o ~ correto e, "
        "a ~ correta e, correcao:"
    ),
    "zh": phrases("应该是, 应该写成, 应该写, 正确的是, 正确答案是, 正确的写法是, 应为, 改成"),
    "ja": phrases("べきです, べきだ, 正しくは, 正しい答えは, 正解は, 本来は"),
    "ru": phrases(
        "должно быть, должен быть, должна быть, правильно будет, правильный ответ, правильно так, "
        "верно будет, исправление:"
    ),
}
REQUEST: Lexicon = {
    "en": phrases(
        "please ~ teach, please ~ re-teach, please ~ reteach, please ~ explain, please ~ show, "
        "please ~ practi*, please ~ drill, please ~ revisit, please ~ go over, please ~ work on, "
        "please ~ give, please ~ assign, could you ~ teach, can you ~ teach, would you ~ teach, "
        "could you ~ explain, can you ~ explain, would you ~ explain, could you ~ go over, "
        "needs more practice, needs practice, needs more work, need more practice, needs more teaching, "
        "needs revision, needs to practi*, need to practi*, should practi*, must practi*, needs to review, "
        "should review, needs to revisit, should revisit, needs to go over, needs to re-learn, "
        "needs to relearn, needs to learn, should learn, needs to study, should study, needs to work on, "
        "should work on"
    ),
    "es": phrases(
        "por favor ~ ensen*, por favor ~ explic*, por favor ~ repas*, por favor ~ practi*, "
        "podrias ~ explicar*, puedes ~ explicar*, podria ~ explicar*, necesita practicar, "
        "necesita mas practica, necesita repasar, necesita aprender, necesita estudiar, "
        "necesita trabajar, tiene que practicar, tiene que repasar, deberia practicar, deberia repasar, "
        "le hace falta practicar, vuelve a explicar*, vuelve a ensenar*"
    ),
    "fr": phrases(
        "s'il vous plait ~ expliqu*, s'il te plait ~ expliqu*, merci de ~ expliqu*, merci de ~ reexpliqu*, "
        "merci de ~ revoir, merci d'expliquer, pouvez-vous ~ expliquer, pourriez-vous ~ expliquer, "
        "doit ~ pratiquer, doit ~ revoir, doit ~ travailler, doit s'entrainer, a besoin de ~ pratiquer, "
        "a besoin de ~ pratique, a besoin de s'entrainer, il faut lui ~ expliquer, il faut ~ reexpliquer"
    ),
    "de": phrases(
        "bitte ~ erklar*, bitte ~ beibring*, bitte ~ ube, bitte ~ uben, bitte ~ wiederhol*, "
        "konnten sie ~ erklaren, kannst du ~ erklaren, muss ~ uben, muss ~ wiederholen, muss ~ lernen, "
        "sollte ~ uben, sollte ~ wiederholen, braucht ~ ubung"
    ),
    "pt": phrases(
        "por favor ~ ensin*, por favor ~ expliqu*, por favor ~ explica*, por favor ~ pratiqu*, "
        "por favor ~ revis*, precisa praticar, precisa de mais pratica, precisa ~ praticar, "
        "precisa ~ revisar, precisa ~ estudar, precisa ~ aprender, deve praticar, deveria praticar, "
        "tem que praticar, pode explicar, poderia explicar, poderia ensinar"
    ),
    "zh": phrases(
        "请教她, 请教他, 请再教, 请讲解, 请解释, 请再讲, 请给她讲, 请给他讲, 请帮她练, 请帮他练, 请让她练, "
        "请让他练, 需要多练, 需要更多练习, 需要再练, 需要复习, 需要重新学, 再讲一遍, 再教一遍, 给她讲讲, "
        "给他讲讲"
    ),
    "ja": phrases(
        "教えてください, 教えて下さい, 説明してください, 説明して下さい, もう一度説明, もう一度教え, "
        "練習させて, 練習が必要, もっと練習, 復習が必要, 復習させて, 教えてあげて"
    ),
    "ru": phrases(
        "пожалуйста ~ объясни*, пожалуйста ~ научи*, пожалуйста ~ повтори*, пожалуйста ~ покажи*, "
        "пожалуйста ~ потренируй*, можете ~ объяснить, нужно ~ потренировать*, нужно ~ повторить, "
        "надо ~ потренировать*, надо ~ повторить, нужно больше практики, нужна практика, "
        "должна ~ потренировать*, должен ~ потренировать*"
    ),
}
# An imperative that opens the sentence: "Teach her …", "Explícale …".
OPENING: Lexicon = {
    "en": phrases(
        "teach, re-teach, reteach, explain, show her, show him, show them, practise, practice, drill, "
        "revisit, go over, work on"
    ),
    "es": phrases("ensenale, ensena, explicale, explica, repasa, practica, muestrale, trabaja con"),
    "fr": phrases(
        "enseigne*, explique*, reexplique*, montre-lui, montrez-lui, revois, revoyez, travaillez, "
        "faites-lui, fais-lui"
    ),
    "de": phrases("erklar*, bring ihr, bring ihm, bringen sie ihr, bringen sie ihm, ube, uben sie, zeig*"),
    "pt": phrases("ensine, ensina, explique, explica, mostre, pratique, pratica, trabalhe, repasse"),
    "ru": phrases("объясни*, научи*, покажи*, повтори*, потренируй*, разбери*"),
}
DO_NOT_RETEACH: Lexicon = {
    "en": phrases(
        "don't teach ~ again, do not teach ~ again, dont teach ~ again, never teach ~ again, "
        "don't re-teach, do not re-teach, don't reteach, do not reteach, don't explain ~ again, "
        "do not explain ~ again, no need to teach ~ again, no need to explain ~ again, no need to re-teach, "
        "no need to reteach"
    ),
    "es": phrases(
        "no ~ vuelvas a ensenar*, no ~ vuelva a ensenar*, no ~ vuelvas a explicar*, no ~ vuelva a explicar*, "
        "no hace falta ~ ensenar* ~ otra vez, no hace falta volver a ensenar*, "
        "no hace falta volver a explicar*, no ~ ensenes ~ otra vez, no ~ ensenes ~ de nuevo, "
        "no ~ expliques ~ otra vez, no ~ expliques ~ de nuevo, no es necesario ~ ensenar* ~ de nuevo"
    ),
    "fr": phrases(
        "ne ~ reexplique* pas, ne ~ reexplique* plus, ne ~ enseigne* plus, ne ~ explique* plus, "
        "pas besoin de ~ reexpliquer, inutile de ~ reexpliquer, pas besoin de ~ expliquer ~ nouveau, "
        "inutile de ~ expliquer ~ nouveau"
    ),
    "de": phrases(
        "nicht ~ noch einmal ~ erklar*, nicht ~ nochmal ~ erklar*, nicht ~ erneut ~ erklar*, "
        "nicht ~ noch einmal ~ beibring*, nicht ~ nochmal ~ beibring*, nicht mehr ~ erklar*, "
        "erklar* ~ nicht noch einmal, erklar* ~ nicht nochmal, erklar* ~ nicht erneut"
    ),
    "pt": phrases(
        "nao ~ ensine* ~ de novo, nao ~ ensine* ~ novamente, nao ~ explique* ~ de novo, "
        "nao ~ explique* ~ novamente, nao precisa ~ ensinar* ~ de novo, nao precisa ~ explicar* ~ de novo, "
        "nao precisa ~ ensinar* ~ novamente, nao precisa ~ explicar* ~ novamente, nao ~ volte a ensinar, "
        "nao ~ volte a explicar"
    ),
    "zh": phrases(
        "不要再教, 不用再教, 别再教, 不需要再教, 不必再教, 不用再讲, 不要再讲, 别再讲, 不用再解释, 不要再解释"
    ),
    "ja": phrases(
        "もう教えなくて, 教え直さなくて, 再度教える必要はない, もう説明しなくて, 教えなくて大丈夫, "
        "もう一度教える必要はない, もう一度説明する必要はない"
    ),
    "ru": phrases(
        "не ~ объясня* ~ снова, не ~ объясня* ~ еще раз, не надо ~ снова ~ объясня*, "
        "не нужно ~ снова ~ объясня*, не надо ~ еще раз ~ объясня*, не нужно ~ еще раз ~ объясня*, "
        "больше не ~ объясня*, больше не ~ учи*, не ~ учите ~ снова"
    ),
}
CONTRADICTS: Lexicon = {
    "en": phrases(
        "it's not, it is not, it was not, this is not, this was not, that's not, that is not, that was not, "
        "isn't a, isn't an, isn't the, isn't about, isn't because, isn't due, isn't just, isn't really, "
        "wasn't a, wasn't an, wasn't the, wasn't about, wasn't because, not a, not an, not just, "
        "not really, not about, not because, not due to, nothing to do with, real problem, actual problem, "
        "underlying problem, real issue, actual issue, real cause, actual cause, underlying cause, "
        "real reason, actual reason, wrong diagnosis, wrong reading, wrong interpretation, wrong cause, "
        "wrong explanation, mistaken diagnosis, incorrect diagnosis, mistaken reading, incorrect reading"
    ),
    "es": phrases(
        "no es un, no es una, no es el, no es la, no es por, no es solo, no fue un, no fue una, "
        "no se trata de, nada que ver, el verdadero problema, el problema real, la verdadera causa, "
        "la causa real, diagnostico equivocado, diagnostico erroneo"
    ),
    "fr": phrases(
        "ce n'est pas, c'est pas, ce n'etait pas, il ne s'agit pas, rien a voir, le vrai probleme, "
        "le probleme reel, la vraie cause, la cause reelle, pas un probleme, mauvais diagnostic"
    ),
    "de": phrases(
        "ist kein*, ist nicht, war kein*, war nicht, nichts zu tun mit, nichts damit zu tun, "
        "das eigentliche problem, das wahre problem, die eigentliche ursache, die wahre ursache, "
        "der eigentliche grund, falsche diagnose, kein problem"
    ),
    "pt": phrases(
        "nao e um, nao e uma, nao e o, nao e a, nao e por, nao e so, nao foi um, nao foi uma, "
        "nao se trata de, nada a ver, o verdadeiro problema, o problema real, a verdadeira causa, "
        "a causa real, diagnostico errado"
    ),
    "zh": phrases("不是, 并非, 无关, 真正的问题, 真正的原因, 实际的问题, 根本原因, 诊断错了"),
    "ja": phrases(
        "ではない, じゃない, ではなく, ではありません, じゃありません, 関係ない, 本当の問題, 本当の原因, "
        "実際の原因, 根本的な原因, 診断が違う"
    ),
    "ru": phrases(
        "это не, дело не в, не в том, не из-за, не потому, ни при чем, настоящая проблема, "
        "настоящая причина, реальная причина, не проблема, неверный диагноз, неправильный диагноз"
    ),
}
