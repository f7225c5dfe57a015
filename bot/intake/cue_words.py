"""The rule agent's word lists, per language: what learning, a difficulty, a request, small talk sound like.

Data, not logic: each table maps a language code (en, es, fr, de, pt, zh, ja, ru) to cue phrases in the
syntax of :mod:`bot.intake.cue_match` (``word*`` is a prefix, ``~`` up to five words, CJK matches as a
substring), written as one comma-separated list per language. Texts are matched against every language
at once, so a note that mixes languages is heard too. The lists name kinds of words (verbs of learning,
places of teaching, greetings, everyday errands), never whole sentences: recognition must generalize to
notes nobody wrote down here.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.intake.agent import Channel
from bot.intake.cue_match import phrases

Lexicon = Mapping[str, tuple[str, ...]]

LANGUAGES = ("en", "es", "fr", "de", "pt", "zh", "ja", "ru")

# Something was learned, understood, solved, taught or got wrong: the learner reports a learning event.
EVENT: Lexicon = {
    "en": phrases(
        "i understand, note:, notes:, mnemonic*, the way to remember, how to remember, my bug, the bug was, "
        "feedback, corrected me, i read that, read that, i now understand, now i get, finally get, i get it, "
        "get it now, class notes, lecture notes, note to self, reminder to self, key idea*, main idea*, "
        "flashcard*, feedback on, got my ~ back, didn't know, did not know, never knew, solved, we solved, "
        "learned, learnt, today i learned, we learned, understood, now i understand, finally understand*, "
        "realis*, realiz*, figured out, found out that, mistake*, got ~ wrong, get* ~ wrong, wrong, "
        "incorrect, made an error, my error, i was wrong, studied, study notes, revised, remember that, "
        "key point, takeaway, the trick is, i was taught, taught us, taught me, we covered, i solved, "
        "solved it, explained that, explained how, explained why, showed us, told us that, teacher* ~ said, "
        "teacher* ~ explained, teacher* ~ showed, tutor* ~ said, tutor* ~ explained"
    ),
    "es": phrases(
        "ya entiendo, lo entiendo, ya lo entiendo, nota:, notas:, regla mnemotecnica, truco para recordar, "
        "me corrigio, corrigio, retroalimentacion, lei que, apuntes, mis notas de, idea clave, "
        "tarjetas de memoria, no sabia, aprendi, aprendimos, he aprendido, hemos aprendido, entendi, "
        "ahora entiendo, comprendi, me di cuenta, descubri, error*, me equivoque, me salio mal, estudie, "
        "estudiamos, repase, hay que recordar, recordar que, nos enseñaron, me enseño, explico, nos mostro, "
        "profesor* dijo, profe dijo, resolvi"
    ),
    "fr": phrases(
        "je comprends, nota :, note :, notes :, moyen mnemotechnique, astuce pour retenir, remarque de, "
        "retour de, m'a corrige, j'ai retenu, ce que j'ai retenu, on a vu que, nous avons vu que, "
        "j'ai lu que, notes de cours, a retenir, idee cle, fiche de revision, fiches de revision, "
        "je ne savais pas, j'ai appris, appris, nous avons appris, on a appris, j'ai compris, compris, "
        "je comprends maintenant, je me suis rendu compte, erreur*, je me suis trompe*, faute*, j'ai etudie, "
        "revise*, il faut retenir, retenir que, nous a explique, a explique, nous a montre, prof* ~ a dit, "
        "resolu"
    ),
    "de": phrases(
        "ich verstehe, verstehe ich, notiz:, notizen:, eselsbrucke*, merkhilfe, ruckmeldung, feedback, "
        "korrigiert, hab ich's, hab ichs, habe gelesen, mitschrift, notizen aus, merke, merksatz, "
        "karteikarte*, wusste nicht, wusste ich nicht, gelernt, lernte*, verstanden, jetzt verstehe ich, "
        "klar geworden, erkannt, fehler*, falsch gemacht, falsch, wiederholt, gemerkt, merke dir, erklart, "
        "uns gezeigt, lehrer* ~ gesagt, gelost"
    ),
    "pt": phrases(
        "entendo, nota:, notas:, mnemonic*, macete*, dica para lembrar, feedback, corrigiu, li que, "
        "anotacao, anotacoes, resumo da aula, ideia principal, flashcards, nao sabia, aprendi, aprendemos, "
        "tenho aprendido, entendi, agora entendo, compreendi, percebi, me dei conta, erro*, errei, estudei, "
        "revisei, lembrar que, nos ensinaram, explicou, nos mostrou, professor* disse, resolvi"
    ),
    "zh": phrases(
        "口诀, 记忆方法, 记法, 顺口溜, 反馈, 了解到, 知道了, 查到, 读到, 出错, 实验记录, 笔记, 课堂笔记, "
        "要点, 重点, 才知道, 不知道原来, 学到, 学会, 学了, 今天学, 明白了, 懂了, 理解了, 搞懂, 弄懂, 弄明白, "
        "原来, 发现, 错了, 做错, 错误, 弄错, 老师说, 老师讲, 老师教, 复习, 记住, 解出"
    ),
    "ja": phrases(
        "覚え方, 語呂合わせ, 暗記法, フィードバック, 言われた, 間違え, 読んだ, 調べた, メモ, ノート, 要点, "
        "ポイント, 知らなかった, 学んだ, 習った, 教わった, 分かった, わかった, 理解した, 理解できた, "
        "気づいた, 気付いた, 間違えた, 間違い, 間違って, ミス, 説明した, 説明してくれた, 復習, 覚えた, "
        "解けた"
    ),
    "ru": phrases(
        "понимаю, заметка:, мнемоник*, как запомнить, чтобы запомнить, отзыв*, прочитал*, узнала, конспект*, "
        "заметк* с урока, главн* мысл*, запомнить, нам рассказали, не знал*, узнал*, выучил*, научил*, "
        "понял, поняла, поняли, теперь понимаю, осознал*, разобрал*, ошибк*, ошибся, ошиблась, неправильно, "
        "повторил*, запомни*, объяснил*, нам показал*, сказал* ~ что, решил*"
    ),
}

# Where learning happens: a class, a teacher, homework, an exam. Context, not yet an event: "I have an
# exam tomorrow" is not learning, "in class: the derivative of x^2 is 2x" is.
CONTEXT: Lexicon = {
    "en": phrases(
        "handout*, reading notes, my notes, notes from, teacher*, tutor*, professor*, lecturer, instructor, "
        "in class, class today, class, lesson*, lecture*, homework, assignment*, worksheet*, "
        "practice problem*, practice test*, exam, exams, examination*, quiz, quizzes, on the test, "
        "in the test, textbook*, chapter*, revision"
    ),
    "es": phrases(
        "profesor*, profe, maestr*, en clase, clase*, leccion*, tarea*, deberes, ejercicio*, examen*, "
        "examenes, libro de texto, capitulo*"
    ),
    "fr": phrases(
        "professeur*, prof, enseignant*, maitresse, en cours, cours, en classe, classe, lecon*, devoir*, "
        "exercice*, examen*, controle, interro*, manuel, chapitre*"
    ),
    "de": phrases(
        "lehrer*, im unterricht, unterricht*, in der stunde, lektion*, hausaufgabe*, ubung*, aufgabe*, "
        "prufung*, klausur*, klassenarbeit*, schulbuch, lehrbuch, kapitel*, vorlesung*"
    ),
    "pt": phrases(
        "professor*, professora*, na aula, aula*, licao, licoes, dever de casa, tarefa*, exercicio*, prova, "
        "provas, exame*, teste, testes, livro didatico, capitulo*"
    ),
    "zh": phrases("老师, 课上, 上课, 课堂, 讲课, 作业, 考试, 测验, 小测, 习题, 练习, 课本, 教科书, 章节"),
    "ja": phrases("先生, 授業, 講義, 宿題, 課題, 演習, 練習問題, 試験, テスト, 教科書, 参考書"),
    "ru": phrases(
        "учител*, учительниц*, преподавател*, на уроке, урок*, лекци*, на паре, семинар*, домашн* задани*, "
        "домашк*, упражнени*, задач*, экзамен*, контрольн*, тест, тесты, тестов, учебник*"
    ),
}

# The learner names a difficulty: confusion, a recurring slip, something forgotten.
GAP: Lexicon = {
    "en": phrases(
        "didn't work, did not work, doesn't work, don't get, dont get, do not get, instead of, "
        "should have been, it should be, chose ~ instead of, used ~ instead of, wrote ~ instead of, "
        "picked ~ instead of, don't understand, dont understand, do not understand, didn't understand, "
        "confused about, i'm confused, i am confused, keep forget*, keep mix*, keep confus*, keep flip*, "
        "keep mak*, keep get*, keep mess*, keep drop*, keep miss*, keep los*, kept forget*, kept mix*, "
        "kept confus*, kept flip*, kept mak*, kept get*, kept mess*, forgot to, always forget, mixed up, "
        "mix up, confuse ~ with, struggle with, struggling with, stuck on, can't remember, cant remember"
    ),
    "es": phrases(
        "no funcionaba, no funciona, no lo he entendido, nunca lo he entendido, en vez de, en lugar de, "
        "me confundi, me lie, elegi ~ en vez de, use ~ en lugar de, use ~ en vez de, no entiendo, "
        "no comprendo, no entendi, estoy confundid*, me confundo, siempre olvido, siempre me olvido, olvide, "
        "se me olvida, me cuesta, me lio, me equivoco"
    ),
    "fr": phrases(
        "ne marchait pas, ne marche pas, ca ne marchait pas, au lieu de, j'ai choisi ~ au lieu de, "
        "j'ai utilise ~ au lieu de, je ne comprends pas, je comprends pas, j'ai pas compris, "
        "je n'ai pas compris, je confonds, je me trompe toujours, j'oublie toujours, j'ai oublie de, "
        "je melange, j'ai du mal, je bloque sur"
    ),
    "de": phrases(
        "hat nicht funktioniert, funktioniert nicht, anstatt, verstehe ~ ~ nicht, versteh ~ ~ nicht, "
        "kapier* ~ ~ nicht, check* ~ ~ nicht, blick* ~ nicht durch, "
        "nicht verstanden, ich bin verwirrt, verwechsle*, verwechsel*, vergesse immer, vergessen, "
        "ich vergesse, durcheinander, tue mich schwer, komme nicht weiter"
    ),
    "pt": phrases(
        "nao funcionava, nao funciona, tinha esquecido, esqueci, em vez de, ao inves de, "
        "escolhi ~ em vez de, usei ~ em vez de, nao entendo, nao entendi, nao compreendo, estou confus*, "
        "confundo, sempre esqueco, esqueci de, me confundo, tenho dificuldade, travo em"
    ),
    "zh": phrases(
        "不起作用, 运行不了, 而不是, 不懂, 不明白, 不理解, 搞不懂, 没懂, 搞混, 混淆, 总是忘, 老是忘, 忘了, "
        "忘记, 总是搞错, 老是出错, 卡在, 很难理解"
    ),
    "ja": phrases(
        "動かなかった, うまくいかなかった, 忘れ, ではなく, わからない, 分からない, わかりません, "
        "分かりません, 理解できない, 混乱, 混同, いつも忘れる, 忘れてしまう, 忘れた, つまずい, 苦手"
    ),
    "ru": phrases(
        "перепутал*, спутал*, не работал*, не работает, вместо, не понимаю, не понял*, не поняла, запутал*, "
        "путаю, путаюсь, всегда забываю, забываю, забыл*, мне трудно, не могу понять, застрял*"
    ),
}

# The learner asks to be taught or tested: a learning intention, not yet a learning event.
REQUEST: Lexicon = {
    "en": phrases(
        "can you explain, could you explain, please explain, walk me through, teach me, explain, "
        "help me understand, i haven't learned, never learned, i want to learn, want to understand, "
        "show me how, help me improve, help me study, what is the difference between"
    ),
    "es": phrases(
        "me lo puedes explicar, me puedes explicar, explicar*, enseñame, explicame, puedes explicar, "
        "podrias explicar, ayudame a entender, no he aprendido, nunca aprendi, quiero aprender, "
        "quiero entender"
    ),
    "fr": phrases(
        "tu peux m'expliquer, peux-tu m'expliquer, pourrais-tu m'expliquer, m'expliquer, apprends-moi, "
        "apprends moi, enseigne-moi, explique-moi, explique moi, peux-tu expliquer, pouvez-vous expliquer, "
        "aide-moi a comprendre, je n'ai jamais appris, je veux apprendre, je voudrais comprendre"
    ),
    "de": phrases(
        "kannst du mir ~ erklaren, erklaren, bring mir ~ bei, erklar mir, erklare mir, erklar*, "
        "hilf mir ~ verstehen, nie gelernt, noch nicht gelernt, ich will ~ lernen, ich mochte ~ lernen"
    ),
    "pt": phrases(
        "me explicar, explicar*, me ensina, ensina-me, me ensine, me explica, explica-me, pode explicar, "
        "me ajuda a entender, nunca aprendi, nao aprendi, quero aprender, quero entender"
    ),
    "zh": phrases(
        "能讲一下, 可以讲一下, 讲解一下, 教我, 解释一下, 给我解释, 讲一下, 讲讲, 帮我理解, 没学过, 没有学过, "
        "我想学, 想学"
    ),
    "ja": phrases(
        "教えてください, 教えてくれ, 説明してください, 教えて, 説明して, 解説して, 理解したい, "
        "習ったことがない, 学びたい"
    ),
    "ru": phrases(
        "можете объяснить, объясните, научи меня, научите меня, объясни*, можешь объяснить, помоги* понять, "
        "не изучал*, никогда не учил*, хочу выучить, хочу понять, хочу научиться"
    ),
}

# Asking for a task: a question, an exercise, a quiz. With a topic named, a learning intention to record
# (the gap it names), unlike a request to be explained to, which the bot answers with a teaching start.
TASK_REQUEST: Lexicon = {
    "en": phrases(
        "quiz me, quiz me on, test me, ask me ~ question*, give me ~ question*, give me ~ exercise*, "
        "give me ~ problem*, set me ~ question*"
    ),
    "es": phrases(
        "ponme ~ pregunta*, ponme ~ ejercicio*, ponme ~ problema*, hazme ~ pregunta*, dame ~ pregunta*, "
        "dame ~ ejercicio*, dame ~ problema*, preguntame"
    ),
    "fr": phrases(
        "pose-moi ~ question*, pose moi ~ question*, donne-moi ~ exercice*, donne-moi ~ question*, "
        "donne moi ~ question*, donne-moi ~ probleme*, interroge-moi"
    ),
    "de": phrases(
        "stell mir ~ frage*, stelle mir ~ frage*, gib mir ~ aufgabe*, gib mir ~ frage*, frag mich, "
        "frage mich ab, fragst du mich"
    ),
    "pt": phrases(
        "faz ~ pergunta* ~ pra mim, "
        "me faz ~ pergunta*, me faca ~ pergunta*, faz-me ~ pergunta*, me da ~ exercicio*, me de ~ pergunta*, "
        "me da ~ pergunta*, me da ~ questao*, me de ~ exercicio*"
    ),
    "zh": phrases("出一道, 出几道, 出个题, 出道题, 给我出, 问我一个问题, 考我, 考考我, 给我一道题"),
    "ja": phrases("問題を出, 出題して, クイズを出, 質問して"),
    "ru": phrases(
        "задай мне ~ вопрос*, задайте мне ~ вопрос*, дай мне ~ задани*, дай мне ~ задач*, дай мне ~ вопрос*, "
        "спроси меня, проверь меня"
    ),
}


# Plans and scheduling: when a class or an exam is, not what was learned in it.
LOGISTICS: Lexicon = {
    "en": phrases(
        "moved to, postponed, pushed back, is sick, no lab, no class, soon, later today, next year, "
        "next semester, opens at, closes at, open on, closed on, on mondays, on sundays, on weekends, "
        "this week, this afternoon, this evening, tomorrow, tonight, next week, next month, on monday, "
        "on tuesday, on wednesday, on thursday, on friday, this weekend, is due, due date, deadline, "
        "schedule*, reschedul*, cancelled, canceled, wish me luck, i have an exam, i have a test, "
        "i'm nervous, i am nervous"
    ),
    "es": phrases(
        "aplazad*, pospuest*, esta enfermo, esta enferma, no hay clase, no hay laboratorio, pronto, "
        "el año que viene, el proximo año, cierra, abre, los lunes, los domingos, los fines de semana, "
        "mañana, la semana que viene, la proxima semana, fecha de entrega, plazo, horario, nervios*"
    ),
    "fr": phrases(
        "reporte*, est malade, pas de cours, bientot, l'annee prochaine, ferme a, ouvre a, ferme le, "
        "le lundi, le dimanche, le week-end, demain, la semaine prochaine, date limite, a rendre pour, "
        "emploi du temps, annule*, stresse*"
    ),
    "de": phrases(
        "verschoben, ist krank, fallt aus, bald, nachstes jahr, schliesst, offnet, montags, sonntags, "
        "am wochenende, morgen, nachste woche, abgabetermin, frist, stundenplan, abgesagt, daumen, nervos, "
        "aufgeregt"
    ),
    "pt": phrases(
        "adiad*, esta doente, nao tem aula, em breve, ano que vem, proximo ano, fecha, abre, as segundas, "
        "aos domingos, nos fins de semana, amanha, semana que vem, proxima semana, prazo, horario, "
        "cancelad*, nervos*"
    ),
    "zh": phrases(
        "推迟, 延期, 改到, 生病, 马上, 明年, 关门, 开门, 周末, 每周一, 明天, 下周, 下星期, 截止, 课程表, "
        "取消, 紧张"
    ),
    "ja": phrases(
        "延期, 病気, もうすぐ, 来年, 閉店, 開店, 週末, 毎週, 明日, あした, 来週, 締め切り, 時間割, 休講, 緊張"
    ),
    "ru": phrases(
        "перенесл*, перенес*, болеет, не будет, скоро, в следующем году, закрывается, открывается, "
        "по понедельникам, по выходным, завтра, на следующей неделе, срок сдачи, дедлайн, расписани*, "
        "отменил*, волнуюсь, на выходных"
    ),
}

# A reminder of what to bring or do for a class ("don't forget your lab coat", "n'oubliez pas vos
# calculatrices", "别忘了带实验服"): logistics, however many subject words stand beside it.
REMINDER: Lexicon = {
    "en": phrases(
        "don't forget your, dont forget your, don't forget to bring, remember to bring, bring your, "
        "bring a calculator"
    ),
    "es": phrases("no olvides traer, no olvides tu, no olvideis, traed, trae tu, traer la calculadora"),
    "fr": phrases("n'oubliez pas vos, n'oubliez pas votre, n'oublie pas ton, n'oublie pas ta, apportez"),
    "de": phrases("nicht vergessen, mitbringen, bringt ~ mit, denkt an eure, denk an deine"),
    "pt": phrases("nao esqueca de trazer, nao esquecam, tragam, traga sua, traga seu"),
    "zh": phrases("别忘了带, 记得带, 请带好"),
    "ja": phrases("忘れずに, 持ってくる, 持ってきて, 持参"),
    "ru": phrases("не забудь взять, не забудьте взять, не забудьте принести, взять с собой"),
}

# A plan to study ("I plan to revise …", "je compte réviser …", "хочу повторить …", "打算复习…"): what the
# learner means to do, not what was learned, however many topics it names.
PLAN: Lexicon = {
    "en": phrases(
        "i plan to, i'm planning to, i am planning to, planning to revise, i'm going to revise, "
        "i'm going to study, i am going to revise, going to review, i will revise, i'll revise, i'll study, "
        "i want to revise, i need to revise, i have to revise, i intend to"
    ),
    "es": phrases(
        "voy a repasar, voy a estudiar, pienso repasar, pienso estudiar, quiero repasar, tengo que repasar, "
        "tengo que estudiar, tengo pensado, planeo"
    ),
    "fr": phrases(
        "je compte, je vais reviser, je vais etudier, je vais revoir, je prevois de, j'ai prevu de, "
        "je dois reviser, je veux reviser"
    ),
    "de": phrases(
        "ich will ~ wiederholen, ich will ~ lernen, ich werde ~ wiederholen, ich werde ~ lernen, ich plane, "
        "ich habe vor, ich muss ~ wiederholen, ich muss ~ lernen"
    ),
    "pt": phrases(
        "vou revisar, vou estudar, pretendo, quero revisar, tenho que revisar, tenho que estudar, planejo"
    ),
    "zh": phrases("打算, 准备复习, 计划复习, 要复习, 想复习, 准备学"),
    "ja": phrases("予定, つもり, 復習しよう, 勉強しよう"),
    "ru": phrases(
        "хочу повторить, хочу выучить, собираюсь, планирую, буду повторять, надо повторить, нужно повторить"
    ),
}

# The learner speaking of themselves: a statement in the first person with a subject word ("I'm at 40
# percent battery") is about the learner's day unless it says something was learned.
FIRST_PERSON: Lexicon = {
    "en": phrases("i, i'm, i've, i'd, my, me, mine"),
    "es": phrases("yo, mi, mis, me"),
    "fr": phrases("je, j'*, moi, mon, mes"),
    "de": phrases("ich, mein*, mir, mich"),
    "pt": phrases("eu, meu, minha, meus, minhas"),
    "zh": phrases("我"),
    "ja": phrases("私, 僕, 俺, わたし"),
    "ru": phrases("я, мой, моя, мои, мне, меня"),
}

# The plainest verbs of learning, the only ones whose "… that <clause>" is taken as study on its own:
# "realized" or "found out that" report the learner's day as often as their lessons.
LEARNED: Lexicon = {
    "en": phrases(
        "i now understand, now i understand, learned, learnt, today i learned, we learned, i was taught, "
        "taught us, didn't know, did not know"
    ),
    "es": phrases("aprendi, aprendimos, he aprendido, hemos aprendido, nos enseñaron, no sabia"),
    "fr": phrases("j'ai appris, nous avons appris, on a appris, je ne savais pas"),
    "de": phrases("gelernt, lernte*, wusste nicht, wusste ich nicht"),
    "pt": phrases("aprendi, aprendemos, nos ensinaram, nao sabia"),
    "zh": phrases("了解到, 知道了, 查到, 学到, 学了, 今天学, 才知道"),
    "ja": phrases("分かった, わかった, 学んだ, 習った, 教わった, 知らなかった"),
    "ru": phrases("узнал*, поняла, понял, выучил*, узнал* на уроке, нам рассказали, не знал*"),
}

# Words that open what was learned: "learned *that* …", "understood *how* …", "aprendí *que* …".
CLAUSE: Lexicon = {
    "en": phrases("that, how, why, what, which, about, the difference between, when to, where"),
    "es": phrases("que, como, por que, porque, sobre, la diferencia entre, cuando, donde"),
    "fr": phrases("que, qu'*, comment, pourquoi, ce qu'*, sur, la difference entre, quand"),
    "de": phrases("dass, wie, warum, was, uber, den unterschied zwischen, wann, wo"),
    "pt": phrases("que, como, por que, porque, sobre, a diferenca entre, quando, onde"),
    "zh": phrases("是, 有, 怎么, 为什么, 如何, 区别, 关于"),
    "ja": phrases("と, ことを, について, 方法, 仕組み, 違い, なぜ"),
    "ru": phrases("что, как, почему, зачем, о, об, про, разниц*, когда, где"),
}

# The learner's own life: family, friends, errands. A "learned that" about them is news, not study.
PERSONAL: Lexicon = {
    "en": phrases(
        "mom, dad, mother, father, brother, sister, grandma, grandpa, grandmother, grandfather, friend*, "
        "neighbo*, boss, coworker*, roommate*, wife, husband, cousin*, uncle, aunt, family, supermarket, "
        "mall, store, shop"
    ),
    "es": phrases(
        "mama, papa, madre, padre, hermano*, hermana*, abuel*, amig*, vecin*, jefe, familia, tienda, "
        "supermercado"
    ),
    "fr": phrases(
        "maman, papa, mere, pere, frere*, soeur*, grand-mere, grand-pere, ami*, copain*, voisin*, patron, "
        "famille, magasin*, supermarche"
    ),
    "de": phrases(
        "mama, papa, mutter, vater, bruder, schwester, oma, opa, freund*, nachbar*, chef, familie, laden, "
        "supermarkt"
    ),
    "pt": phrases("mae, pai, irmao*, irma*, avo*, amig*, vizinh*, chefe, familia, loja*, supermercado"),
    "zh": phrases("妈妈, 爸爸, 哥哥, 姐姐, 弟弟, 妹妹, 奶奶, 爷爷, 朋友, 邻居, 老板, 家人, 商店, 超市"),
    "ja": phrases("母, 父, 兄, 姉, 弟, 妹, 祖母, 祖父, 友達, 隣人, 上司, 家族, 店, スーパー"),
    "ru": phrases(
        "мама, папа, мать, отец, брат*, сестр*, бабушк*, дедушк*, друг*, подруг*, сосед*, начальник*, семь*, "
        "магазин*"
    ),
}

# Common words of four letters or more that carry no content, so they never count as what was learned.
FILLER: Lexicon = {
    "en": phrases(
        "that, this, these, those, with, have, from, they, them, then, than, were, what, when, where, which, "
        "while, about, into, over, also, just, very, really, today, yesterday, there, their, been, does, "
        "some, something, much, many, more, most, only, even, each, every, because, after, before, again, "
        "still, finally, actually, thing, things, lot, lots, will, would, could, should, class, lesson, "
        "teacher, today's, now, got, get, it's, the thing, stuff"
    ),
    "es": phrases(
        "para, como, pero, porque, cuando, donde, esto, esta, este, todo, todos, hoy, muy, tambien, sobre, "
        "entre, desde, hasta, tiene, tienen, hace, algo, mucho, clase, ahora, ya, por fin, finalmente, creo"
    ),
    "fr": phrases(
        "pour, dans, avec, sont, mais, comme, quand, cette, tout, tous, aussi, aujourd'hui, avoir, etre, "
        "fait, quelque, chose, beaucoup, cours, maintenant, enfin, finalement"
    ),
    "de": phrases(
        "dass, eine, einer, einen, einem, nicht, sind, habe, haben, heute, auch, noch, oder, wenn, dann, "
        "aber, sehr, wird, werden, etwas, viel, unterricht, jetzt, hab, endlich, nun, schon, wirklich"
    ),
    "pt": phrases(
        "para, como, mas, porque, quando, onde, isso, esta, este, muito, hoje, tambem, sobre, entre, tem, "
        "sao, algo, aula, agora, finalmente, enfim, ja"
    ),
    "zh": phrases("今天, 昨天, 我们, 他们, 一些, 东西, 很多, 终于, 现在, 觉得"),
    "ja": phrases("今日, 昨日, 私たち, 何か, たくさん, やっと, ようやく, ついに, 今は"),
    "ru": phrases(
        "что, как, это, этот, эта, если, когда, сегодня, тоже, очень, есть, было, были, который, которая, "
        "много, урок*, теперь, наконец, уже"
    ),
}

# Words no finished sentence ends on — conjunctions, articles, prepositions, possessives: a note that
# stops on one ("so the thing with the", "je crois que", "… mit den", "所以如果") is a thought cut off, to
# be asked about, not dropped.
UNFINISHED: Lexicon = {
    "en": phrases(
        "in, on, for, about, from, at, by, between, like, than, into, my, your, the, a, an, that, if, with, "
        "so, and, but, because, of, to, then, when, or, which, while, where"
    ),
    "es": phrases(
        "del, al, en, por, para, sobre, mi, tu, su, si, que, el, la, los, las, un, una, y, pero, porque, de, "
        "con, entonces, cuando, o, como, donde, y luego, y despues"
    ),
    "fr": phrases(
        "du, des, au, aux, en, pour, sur, dans, par, mon, ma, mes, que, qu', si, le, la, les, un, une, et, "
        "mais, parce que, de, avec, alors, quand, ou, donc, comme, lorsque, et puis, et ensuite"
    ),
    "de": phrases(
        "den, dem, des, einen, einem, einer, zu, von, fur, auf, uber, im, vom, zum, zur, bei, nach, mein, "
        "meine, wenn, dass, man, der, die, das, ein, eine, und, aber, weil, mit, dann, also, ob, denn, oder, "
        "sodass, wie"
    ),
    "pt": phrases(
        "do, da, dos, das, no, na, nos, nas, em, para, sobre, por, pelo, pela, meu, minha, se, que, a gente, "
        "o, a, os, as, um, uma, e, mas, porque, de, com, entao, quando, ou, como, onde, e depois"
    ),
    "zh": phrases("如果, 所以, 因为, 但是, 然后, 接着, 而且, 并且, 的"),
    "ja": phrases("もし, つまり, だから, でも, けど, ので, それから, そして, それで, 次に"),
    "ru": phrases(
        "про, о, об, на, в, во, по, для, из, к, у, от, за, под, при, мой, моя, если, что, и, но, потому что, "
        "то есть, а, с, тогда, когда, или, чтобы, который, которая, как, а потом, и потом, а затем"
    ),
}

# Pointing back at something not said here ("what about the other one?", "昨日のあれ"): in a short
# message, a reference to be asked about.
REFERS_BACK: Lexicon = {
    "en": phrases("the other one, the other, that one, that thing, what about"),
    "es": phrases("el otro, la otra, lo otro, eso de"),
    "fr": phrases("l'autre, et l'autre, ce truc"),
    "de": phrases("das andere, der andere, die andere, das ding"),
    "pt": phrases("o outro, a outra, aquilo"),
    "zh": phrases("那个, 另一个"),
    "ja": phrases("あれ, もう一つ"),
    "ru": phrases("другой, другое, другая, та штука"),
}

# Pointing at an attachment ("see attached", "mira la foto", "看图"): in a short message, the learner's
# material is somewhere else, so the bot asks for it instead of dropping the message.
ATTACHMENT: Lexicon = {
    "en": phrases(
        "attached, attachment*, photo, photos, picture*, pic, pics, image*, screenshot*, scan*, see above, "
        "see below"
    ),
    "es": phrases("adjunt*, foto, fotos, imagen*, captura*, mira la, mira el, ver arriba"),
    "fr": phrases("piece* jointe*, ci-joint*, photo, photos, image*, capture*, voir ci-dessus, regarde la"),
    "de": phrases(
        "anhang, angehangt*, anbei, foto, fotos, bild, bilder, screenshot*, siehe oben, siehe unten"
    ),
    "pt": phrases(
        "anexo*, anexad*, segue a, segue o, foto, fotos, imagem, imagens, print*, veja a, ver acima"
    ),
    "zh": phrases("看图, 见图, 图片, 照片, 截图, 附件, 附图, 如图"),
    "ja": phrases("写真, 画像, 添付, スクショ, 図を見, 上の図"),
    "ru": phrases("вложени*, фото, фотк*, фотографи*, картинк*, скрин*, изображени*, см выше, смотри выше"),
}

# Laughter: a message that laughs ("lol", "jaja", "mdr", "kkk", "哈哈", "（笑）", "ахаха") is a joke or a
# remark in passing; with no worked formula or steps beside it, nothing to file.
LAUGHTER: Lexicon = {
    "en": phrases("lol, lmao, haha*, hehe*, rofl, xd"),
    "es": phrases("jaja*, jeje*, jiji*, xd"),
    "fr": phrases("mdr, ptdr, lol, haha*, xd"),
    "de": phrases("haha*, hihi*, lol, xd"),
    "pt": phrases("kkk*, rsrs*, haha*, hehe*"),
    "zh": phrases("哈哈, 笑死, 😂, 🤣"),
    "ja": phrases("(笑), 笑死, www, 草"),
    "ru": phrases("хаха*, ахаха*, ахах*, хех*, лол, ржу"),
}

# A joke's setup ("What did the photon say to …", "¿Qué le dijo un protón a …", "Treffen sich zwei …"): with
# no worked formula or steps, a joke told with subject words, not a note.
JOKE: Lexicon = {
    "en": phrases(
        "what did the ~ say to, what did one ~ say to, why can't you trust, why did the ~ cross, "
        "knock knock, how many ~ does it take to, i'd tell you a joke, jokes, a joke"
    ),
    "es": phrases("que le dijo un, que le dijo una, que le dice un, que le dice una, un chiste, chistes"),
    "fr": phrases("que dit un, que dit une, qu'est-ce que dit, c'est l'histoire d'un, une blague, blagues"),
    "de": phrases("treffen sich zwei, was sagt ein, was sagt eine, kennst du den, ein witz, witze"),
    "pt": phrases("o que o ~ disse para, o que a ~ disse para, qual e o cumulo, uma piada, piadas"),
    "zh": phrases("笑话, 段子"),
    "ja": phrases("ジョーク, ダジャレ, 親父ギャグ, 笑い話"),
    "ru": phrases("анекдот*, шутк*, встречаются два"),
}

# An advert's offer words: with a price, shouting or a link, the message sells something (spam).
ADVERT: Lexicon = {
    "en": phrases(
        "offer, limited offer, special offer, free, discount*, sale, buy now, click here, click the link, "
        "join our, dm me, link in bio, sign up now, earn, only today, today only, order now, "
        "private lessons, first lesson free, call me, message me"
    ),
    "es": phrases(
        "oferta*, promocion*, gratis, descuento*, rebaja*, compra tus, compralo, escribe al privado, "
        "haz clic, solo hoy, gana dinero, apuntate, clases particulares, llama al, llamar al, llamame"
    ),
    "fr": phrases(
        "offre*, promo*, gratuit*, reduction*, soldes, cliquez, achetez, seulement aujourd'hui, "
        "inscris-toi, ecris-moi en prive, cours particuliers, appelez, appelle-moi, contactez-moi"
    ),
    "de": phrases(
        "angebot*, gratis, kostenlos*, rabatt*, jetzt kaufen, jetzt testen, nur heute, hier klicken, "
        "jetzt anmelden, sichern, nachhilfe, einfach melden, ruf an, ruft an"
    ),
    "pt": phrases(
        "oferta*, promocao, promo, gratis, desconto*, compre, chama no zap, chama no privado, clique aqui, "
        "so hoje, ganhe dinheiro, aulas particulares, ligue, chama no whats"
    ),
    "zh": phrases(
        "一对一辅导, 欢迎咨询, 包提分, 优惠, 促销, 免费, 限时, 折扣, 加微信, 私信, 点击链接, 代写, 特价, "
        "立即购买"
    ),
    "ja": phrases(
        "個別指導, 体験授業, お問い合わせ, 無料, 今だけ, 割引, セール, 限定, 今すぐ, ダウンロード, 特典, 購入"
    ),
    "ru": phrases(
        "скидк*, акци*, бесплатн*, распродаж*, только сегодня, переходи*, по ссылке, пиши в личк*, "
        "заработок, без вложений, репетитор, первое занятие бесплатно, звоните, пишите"
    ),
}

# A claim of having understood, in the learner's own idiom ("it clicked", "lo pillo", "der Groschen ist
# gefallen", "caiu a ficha", "дошло", "なるほど"): with nothing said about what, worth one question.
UNDERSTOOD: Lexicon = {
    "en": phrases("clicked, get it, got it, makes sense, i see now, understand it"),
    "es": phrases("lo pillo, lo pille, lo capto, ya entiendo, lo entiendo, ya lo veo"),
    "fr": phrases("je vois le truc, je capte, j'ai capte, j'ai compris, ca y est je vois"),
    "de": phrases("groschen gefallen, kapiert, check ich, hab's verstanden, habs verstanden"),
    "pt": phrases("caiu a ficha, saquei, entendi, agora entendi"),
    "zh": phrases("明白了, 懂了, 原来如此, 原来是这样"),
    "ja": phrases("なるほど, そういうことか, わかった, 分かった"),
    "ru": phrases("дошло, вот оно что, теперь ясно, понятно"),
}

# Hedges: "I think I get it now", "creo que ya lo entiendo", "кажется, понял" claim an understanding
# without saying what it is, which is worth one question, not a record and not silence.
HEDGE: Lexicon = {
    "en": phrases("i think, i guess, maybe, probably, kind of, sort of, i suppose"),
    "es": phrases("creo que, creo, quizas, tal vez, a lo mejor, supongo"),
    "fr": phrases("je crois, je pense, peut-etre, je suppose, on dirait"),
    "de": phrases("ich glaube, glaube ich, glaub ich, vielleicht, wahrscheinlich, ich denke, denke ich"),
    "pt": phrases("acho que, acho, talvez, provavelmente, suponho"),
    "zh": phrases("好像, 可能, 大概, 应该, 也许"),
    "ja": phrases("たぶん, 多分, かも, 気がする, と思う"),
    "ru": phrases("кажется, наверное, вроде, похоже, думаю"),
}

# Subject-agnostic academic vocabulary: the shape of knowledge, whatever the subject.
ACADEMIC: Lexicon = {
    "en": phrases(
        "units, unit conversion, formula*, theorem*, definition*, proof*, axiom*, lemma*, concept*, "
        "principle*, law of, rule of, property, properties, method*, hypothes*, worked example*, "
        "problem set, exercise*, derivation*"
    ),
    "es": phrases(
        "unidad*, formula*, teorema*, definicion*, demostracion*, axioma*, concepto*, principio*, ley de, "
        "regla*, propiedad*, metodo*, hipotesis, ejemplo resuelto"
    ),
    "fr": phrases(
        "unite*, formule*, theoreme*, definition*, demonstration*, axiome*, concept*, principe*, loi de, "
        "regle*, propriete*, methode*, hypothese*"
    ),
    "de": phrases(
        "einheit*, formel*, satz des, theorem*, definition*, beweis*, axiom*, konzept*, begriff*, prinzip*, "
        "gesetz*, regel*, eigenschaft*, methode*, hypothese*"
    ),
    "pt": phrases(
        "unidade*, formula*, teorema*, definicao, definicoes, demonstracao, axioma*, conceito*, principio*, "
        "lei de, regra*, propriedade*, metodo*, hipotese*"
    ),
    "zh": phrases("单位, 公式, 定理, 定义, 证明, 公理, 概念, 原理, 定律, 规则, 性质, 方法, 例题"),
    "ja": phrases("単位, 公式, 定理, 定義, 証明, 公理, 概念, 原理, 法則, 規則, 性質, 仮説, 例題"),
    "ru": phrases(
        "единиц*, формул*, теорем*, определени*, доказательств*, аксиом*, поняти*, принцип*, закон*, "
        "правило, правила, свойств*, метод*, гипотез*"
    ),
}

# Greetings, thanks, how-are-you and chit-chat: never learning on their own.
SMALL_TALK: Lexicon = {
    "en": phrases(
        "i love, favourite, favorite, hello, hi, hey, good morning, good night, good evening, thanks, "
        "thank you, thx, how are you, how are you doing, how's it going, what's up, bye, goodbye, see you, "
        "lol, haha*, nice, cool, ok, okay, have a nice day, how was your day, i'm fine, i'm tired, "
        "i'm bored, happy birthday, good luck, wish me luck, you're welcome"
    ),
    "es": phrases(
        "me encanta, favorit*, hola, buenos dias, buenas tardes, buenas noches, gracias, muchas gracias, "
        "como estas, que tal, adios, hasta luego, jaja*, de nada, feliz cumpleaños, suerte"
    ),
    "fr": phrases(
        "j'adore, mon ~ prefere*, ma ~ prefere*, mes ~ prefere*, bonjour, salut, bonsoir, merci, "
        "merci beaucoup, ca va, comment vas-tu, comment allez-vous, au revoir, a bientot, mdr, "
        "bonne journee, bonne nuit, de rien, bon anniversaire"
    ),
    "de": phrases(
        "ich liebe, lieblings*, hallo, guten morgen, guten tag, guten abend, gute nacht, danke, vielen dank, "
        "wie geht's, wie gehts, wie geht es dir, tschuss, bis bald, bis spater, alles gute, viel gluck"
    ),
    "pt": phrases(
        "adoro, favorit*, ola, oi, bom dia, boa tarde, boa noite, obrigad*, valeu, tudo bem, como vai, "
        "como voce esta, tchau, ate logo, ate mais, kkk*, de nada, feliz aniversario, boa sorte"
    ),
    "zh": phrases(
        "喜欢, 最爱, 你好, 您好, 嗨, 谢谢, 多谢, 早上好, 晚上好, 晚安, 再见, 拜拜, 你怎么样, 最近怎么样, "
        "最近好吗, 哈哈, 不客气, 生日快乐"
    ),
    "ja": phrases(
        "好き, こんにちは, こんばんは, おはよう, ありがとう, お元気ですか, 調子はどう, さようなら, またね, "
        "じゃあね, おやすみ, よろしく, 誕生日おめでとう"
    ),
    "ru": phrases(
        "люблю, обожаю, любим*, привет, здравствуй*, доброе утро, добрый день, добрый вечер, спокойной ночи, "
        "спасибо, как дела, как ты, как поживаешь, ну пока, всем пока, пока-пока, до свидания, до встречи, "
        "хаха*, ладно, с днем рождения, удачи"
    ),
}

# Everyday errands and pastimes, weather talk and adverts: a question or note about these is not school
# learning.
OFF_TOPIC: Lexicon = {
    "en": phrases(
        "bus, train, subway, metro, taxi, airport, show, season, episode, series, bar, cafe, bakery, "
        "cafeteria, tacos, principal, game, games, the game, phone, phones, cell phone, smartphone, charger, "
        "battery died, my car, cook*, recipe*, pasta, pizza, dinner, lunch, breakfast, restaurant*, weather, "
        "movie*, netflix, tv show*, football, soccer, basketball, video game*, shopping, buy, bought, "
        "price*, flight*, hotel*, vacation*, holiday*, party, birthday, weekend, girlfriend, boyfriend, "
        "my dog, my cat, password, wifi, laptop, printer, haircut, gym, workout, coffee, grocer*, clothes, "
        "shoes, concert*, dentist, "
        "raining, heatwave, so hot, so humid, whatsapp, telegram, dm me, link in bio, click here, "
        "limited offer, followers"
    ),
    "es": phrases(
        "autobus, tren, metro, taxi, aeropuerto, serie, temporada, episodio, bar, cafeteria, panaderia, "
        "movil, celular, telefono, cargador, cocin*, receta*, pasta, pizza, cena, almuerzo, desayuno, "
        "restaurante*, pelicula*, futbol, baloncesto, videojuego*, compras, comprar, compre, precio*, "
        "vuelo*, hotel*, vacaciones, fiesta*, cumpleaños, novio, novia, mi perro, mi gato, contraseña, wifi, "
        "portatil, impresora, gimnasio, cafe, ropa, zapatos, concierto*, "
        "lloviendo, que calor, hace calor, hace frio, ola de calor, whatsapp, telegram, haz clic, "
        "oferta limitada, gana dinero, sin experiencia"
    ),
    "fr": phrases(
        "bus, train, metro, taxi, aeroport, serie, saison, episode, bar, boulangerie, portable, telephone, "
        "chargeur, cuisin*, recette*, pates, pizza, diner, dejeuner, petit-dejeuner, restaurant*, meteo, "
        "un film, foot, football, jeu video, jeux video, shopping, acheter, achete, prix, hotel*, vacances, "
        "fete, anniversaire, copain, copine, mon chien, mon chat, mot de passe, wifi, imprimante, "
        "salle de sport, cafe, vetements, chaussures, concert*, "
        "il pleut, canicule, fait chaud, fait froid, whatsapp, telegram, cliquez ici, offre limitee"
    ),
    "de": phrases(
        "bus, zug, bahn, u-bahn, taxi, flughafen, serie, staffel, folge, bar, cafe, backerei, handy, "
        "ladegerat, kochen, koche, gekocht, rezept*, nudeln, pasta, pizza, abendessen, mittagessen, "
        "fruhstuck, restaurant*, wetter, fussball, basketball, videospiel*, einkaufen, kaufen, gekauft, "
        "preis*, flug, hotel*, urlaub*, ferien, party, geburtstag*, freundin, mein hund, meine katze, "
        "passwort, wlan, drucker, fitnessstudio, kaffee, kleidung, schuhe, konzert*, "
        "regnet, nieselregen, whatsapp, telegram, hier klicken, angebot sichern"
    ),
    "pt": phrases(
        "onibus, trem, metro, taxi, aeroporto, serie, temporada, episodio, bar, padaria, celular, telefone, "
        "carregador, cozinh*, receita*, macarrao, pizza, jantar, almoco, cafe da manha, restaurante*, "
        "previsao do tempo, filme*, novela*, futebol, basquete, videogame*, compras, comprar, comprei, "
        "preco*, voo*, hotel*, ferias, festa*, aniversario, namorad*, meu cachorro, meu gato, senha, wifi, "
        "impressora, cafe, roupa*, sapato*, "
        "chovendo, que calor, que frio, whatsapp, telegram, clique aqui, link na bio, ganhe dinheiro"
    ),
    "zh": phrases(
        "公交, 公交车, 地铁, 火车, 出租车, 机场, 综艺, 咖啡店, 面包店, 酒吧, 手机, 充电器, 做饭, 烹饪, 菜谱, "
        "食谱, 意大利面, 面条, 披萨, 晚饭, 午饭, 早饭, 餐厅, 饭店, 天气, 电影, 电视剧, 足球, 篮球, 游戏, "
        "购物, 价格, 多少钱, 航班, 酒店, 度假, 旅游, 派对, 男朋友, 女朋友, 我的狗, 我的猫, 密码, 打印机, "
        "健身房, 咖啡, 衣服, 演唱会, "
        "好热, 好冷, 雾霾, 加微信, 点击链接, 代写"
    ),
    "ja": phrases(
        "カレー, 作り方, バス, 電車, 地下鉄, タクシー, 空港, アニメ, カフェ, パン屋, バー, スマホ, 携帯, "
        "充電器, 料理, レシピ, パスタ, ピザ, 晩ご飯, 夕食, 昼ご飯, 朝ご飯, レストラン, 天気, 映画, ドラマ, "
        "サッカー, 野球, ゲーム, 買い物, 値段, 飛行機, ホテル, 旅行, 休暇, パーティー, 彼氏, パスワード, "
        "プリンター, ジム, コーヒー, コンサート, "
        "暑すぎ, 寒すぎ, 蒸し暑, ギフト券, こちらのリンク"
    ),
    "ru": phrases(
        "тренировк*, врач*, автобус*, поезд*, метро, такси, аэропорт*, сезон*, сери*, кафе, пекарн*, бар, "
        "телефон*, смартфон*, зарядк*, приготовить, готовить, рецепт*, паста, пасту, пасты, пицц*, ужин*, "
        "обед*, завтрак*, ресторан*, погод*, фильм*, кино, сериал*, футбол*, баскетбол*, видеоигр*, покупк*, "
        "купить, купил*, цена, цену, сколько стоит, рейс*, отел*, гостиниц*, отпуск*, каникул*, вечеринк*, "
        "день рождения, девушк*, моя собака, мой кот, пароль, вайфай, принтер*, спортзал*, кофе, одежд*, "
        "обув*, концерт*, "
        "жарко, холодно, телеграм*, ватсап, заработок, без вложений"
    ),
}

# Where a note came from, in the order the rule agent tries them (the first that matches wins).
CHANNELS: tuple[tuple[Channel, tuple[str, ...]], ...] = (
    (
        Channel.TEACHER,
        phrases(
            "teacher*, professor*, instructor*, profesor*, profesora*, maestr*, professeur*, prof, "
            "enseignant*, lehrer*, professora*, 老师, 教授, 先生, учител*, преподавател*"
        ),
    ),
    (
        Channel.CLASS,
        phrases(
            "class, lecture*, lesson*, seminar*, clase*, leccion*, cours, classe, lecon*, unterricht*, "
            "vorlesung*, aula*, 课上, 上课, 课堂, 授業, 講義, урок*, лекци*"
        ),
    ),
    (
        Channel.TUTORING,
        phrases("tutor*, tutoria*, cours particulier*, nachhilfe, 家教, 辅导, 家庭教師, репетитор*"),
    ),
    (
        Channel.BOOK,
        phrases(
            "book, textbook*, chapter*, libro*, capitulo*, livre*, manuel, chapitre*, buch, lehrbuch, "
            "kapitel*, livro*, 课本, 教科书, 教科書, 参考書, учебник*, книг*"
        ),
    ),
    (Channel.PLATFORM, phrases("platform, app, online course, khan, duolingo, leetcode, coursera")),
    (
        Channel.PEER,
        phrases(
            "classmate*, friend, peer, study group, compañer*, camarade*, mitschuler*, colega*, 同学, "
            "クラスメート, 友達, одноклассник*"
        ),
    ),
    (
        Channel.PAPER,
        phrases(
            "worksheet*, paper, past paper*, hoja de ejercicios, fiche*, arbeitsblatt*, ficha*, 试卷, "
            "プリント"
        ),
    ),
)


def every_language(lexicon: Lexicon) -> tuple[str, ...]:
    """All the cues of one table, every language together."""
    return tuple(cue for language in LANGUAGES for cue in lexicon.get(language, ()))
